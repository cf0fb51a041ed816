import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { EmailNotice } from '#contract/email-notices.ts'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { editorApi } from '../api.ts'
import { PlanProvider } from '../use-plan.tsx'
import '../profile-editor.css'
import { CalendarSection } from './calendar-section.tsx'
import { DistrictsSection } from './districts-section.tsx'
import { ItemsSection } from './items-section.tsx'
import { NotificationsSection } from './notifications-section.tsx'
import { PersonalSection } from './personal-section.tsx'
import { PhotoSection } from './photo-section.tsx'
import { PromotionSection } from './promotion-section.tsx'
import { SpecialitiesSection } from './specialities-section.tsx'
import { SettingsSection } from './settings-section.tsx'
import { StatisticsSection } from './statistics-section.tsx'
import { AboutSection, DiscountSection } from './text-sections.tsx'
import { VerificationSection } from './verification-section.tsx'

/**
 * The own profile, section by section, each saved on its own. Customers get the photo, personal data,
 * notifications and settings; executors also everything customers see on their public profile, and their statistics.
 * `emailNotice`: how following the mailed link that verifies the e-mail address went (the settings show it).
 */
export function ProfileEditor({ emailNotice }: { emailNotice?: EmailNotice } = {}) {
  const { t } = useLingui()
  const profile = useSession((state) => state.profile)
  const setProfile = useSession((state) => state.setProfile)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    editorApi
      .profile()
      .then(({ specialities: _, ...fresh }) => setProfile(fresh))
      .catch(() => setFailed(true))
  }, [setProfile])

  const executor = profile?.type === 'executor'
  const sections: [string, string][] = executor
    ? [
        ['photo', t`Photo`],
        ['personal', t`Personal data`],
        ['verification', t`Verification`],
        ['about', t`About me`],
        ['districts', t`Districts and addresses`],
        ['specialities', t`Specialties and prices`],
        ['documents', t`Certificates and diplomas`],
        ['works', t`Portfolio`],
        ['discount', t`Discount`],
        ['calendar', t`Calendar`],
        ['statistics', t`Statistics`],
        ['promotion', t`Promotion`],
        ['notifications', t`Notifications`],
        ['settings', t`Settings`],
      ]
    : [
        ['photo', t`Photo`],
        ['personal', t`Personal data`],
        ['notifications', t`Notifications`],
        ['settings', t`Settings`],
      ]

  return (
    <ScreenLayout title={t`My profile`}>
      {failed && !profile && (
        <p role="alert">
          <Trans>The profile could not be loaded. Check the connection and reload the page.</Trans>
        </p>
      )}
      {profile && (
        <div className="profile-editor">
          <dl className="profile-summary" data-testid="profile-summary">
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>
              {profile.name} {profile.surname}
            </dd>
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>+{profile.username}</dd>
            <dt>
              <Trans>Mode</Trans>
            </dt>
            <dd data-testid="profile-mode">{executor ? t`Executor` : t`Customer`}</dd>
          </dl>
          {executor && (
            // What customers see of these sections, one tap away.
            <p>
              <Link to="/profile/$slug" params={{ slug: profile.slug }} className="button button--secondary">
                <Trans>My public profile</Trans>
              </Link>
            </p>
          )}
          <nav aria-label={t`Profile sections`} className="profile-editor__nav">
            <ul className="chips">
              {sections.map(([id, name]) => (
                <li key={id}>
                  <a className="chip" href={`#${id}`}>
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <PhotoSection profile={profile} />
          <PersonalSection profile={profile} />
          {executor && (
            <PlanProvider>
              <VerificationSection />
              <AboutSection profile={profile} />
              <DistrictsSection profile={profile} />
              <SpecialitiesSection profile={profile} />
              <ItemsSection profile={profile} kind="documents" />
              <ItemsSection profile={profile} kind="works" />
              <DiscountSection profile={profile} />
              <CalendarSection profile={profile} />
              <StatisticsSection />
              <PromotionSection />
              {/* Quiet hours and the quick reply are a plan's (decision 016). */}
              <NotificationsSection profile={profile} />
            </PlanProvider>
          )}
          {!executor && <NotificationsSection profile={profile} />}
          <SettingsSection profile={profile} emailNotice={emailNotice} />
        </div>
      )}
    </ScreenLayout>
  )
}
