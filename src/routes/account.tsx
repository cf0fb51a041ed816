import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { authApi } from '#src/features/auth/api/auth-api.ts'
import { guardRoute } from '#src/lib/route-guard.ts'
import { useSession } from '#src/lib/session-store.ts'

export const Route = createFileRoute('/account')({
  beforeLoad: guardRoute('account'),
  component: Account,
})

/** The own profile: what the server knows now. The profile editor's sections come with the profile issue. */
function Account() {
  const { t } = useLingui()
  const { profile, setProfile } = useSession()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    authApi
      .profile()
      .then(setProfile)
      .catch(() => setFailed(true))
  }, [setProfile])

  return (
    <ScreenLayout title={t`My profile`}>
      {profile && (
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
          <dd data-testid="profile-mode">{profile.type === 'executor' ? t`Executor` : t`Customer`}</dd>
        </dl>
      )}
      {failed && !profile && (
        <p role="alert">
          <Trans>The profile could not be loaded. Check the connection and reload the page.</Trans>
        </p>
      )}
    </ScreenLayout>
  )
}
