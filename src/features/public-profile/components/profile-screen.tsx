import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { MessageCircle, Share2 } from 'lucide-react'
import type { PublicProfile } from '#contract/schemas/specialists.ts'
import { BackButton } from '#src/components/back-button.tsx'
import { NotFound } from '#src/components/not-found.tsx'
import { NotSaved } from '#src/components/not-saved.tsx'
import { PageHead } from '#src/components/page-head.tsx'
import { ReportButton } from '#src/components/report-button.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { SocialCardHead } from '#src/components/social-card-head.tsx'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { OpenChatButton } from '#src/features/chat-entry/components/open-chat-button.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { ShareProfileButton } from '#src/features/profile-share/components/share-profile-button.tsx'
import {
  Avatar,
  OnlineStatus,
  RatingSummary,
  useLanguageName,
  VerifiedBadge,
} from '#src/features/specialist-words/words.tsx'
import { formatRating } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { publicProfileApi } from '../api/profile-api.ts'
import { loadPublicProfileCatalog } from '../catalog.ts'
import { BusyCalendar } from './busy-calendar.tsx'
import { DocumentsSection, LatestReviews, PortfolioSection, ServicesSection } from './profile-sections.tsx'
import '../public-profile.css'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadPublicProfileCatalog()

const PHOTO_PX = 112

/** /profile/{slug} and /profile/{userId}: a specialist as anyone sees them. */
/** A guest logs in on this page before reporting, then stays here. */
const askToLogInHere = () => useAuthModal.getState().show('login', { stayOnPage: true })

export function ProfileScreen({ slug }: { slug: string }) {
  const loaded = useSaved(`profile:${slug}`, () => publicProfileApi.profile(slug))
  if (loaded.status === 'failed') return loaded.offline ? <NotSaved /> : <NotFound />
  if (loaded.status === 'loading') {
    return (
      <p role="status" className="screen">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  return <ProfileView profile={loaded.data} savedAt={loaded.saved ? loaded.savedAt : null} />
}

function ProfileView({ profile, savedAt }: { profile: PublicProfile; savedAt: number | null }) {
  const { t } = useLingui()
  const viewer = useSession((state) => (state.token ? (state.profile?.id ?? null) : undefined))
  const showLogin = useAuthModal((state) => state.show)
  const name = `${profile.name} ${profile.surname}`
  const own = viewer === profile.id
  const services = profile.specialities
    .flatMap((speciality) => speciality.services.map((line) => line.service.name))
    .slice(0, 3)
    .join(', ')
  const rating = formatRating(profile.rating)
  const count = profile.reviews_count
  const description = withUserText((text) =>
    count > 0
      ? t`${{ name: text(name) }}, specialist on Fika: ${{ services: text(services) }}. Rating ${rating}, reviews: ${count}.`
      : t`${{ name: text(name) }}, specialist on Fika: ${{ services: text(services) }}.`,
  )

  return (
    <div className="screen public-profile">
      <PageHead title={name} description={description} canonicalPath={`/profile/${profile.slug}`} />
      <SocialCardHead
        title={name}
        description={description}
        canonicalPath={`/profile/${profile.slug}`}
        image={profile.avatar}
      />
      <BackButton />
      {savedAt !== null && <SavedNotice savedAt={savedAt} />}
      <header className="public-profile__head">
        <Avatar src={profile.avatar} name={name} size={PHOTO_PX} />
        <div className="public-profile__who">
          <h1 className="screen__title">{name}</h1>
          <p className="public-profile__line">
            <VerifiedBadge verification={profile.verification} />
            <OnlineStatus online={profile.is_online} lastSeenAt={profile.last_seen_at} />
          </p>
          <p className="public-profile__line">
            <RatingSummary rating={profile.rating} reviews={profile.reviews_count} />
            {profile.reviews_count > 0 && (
              <Link to="/feedbacks/$userId" params={{ userId: String(profile.id) }}>
                <Trans>All reviews</Trans>
              </Link>
            )}
          </p>
        </div>
      </header>

      <div className="public-profile__actions">
        {own ? null : !profile.accepts_orders ? (
          <p className="public-profile__note">
            <Trans>This specialist is not taking new orders at the moment.</Trans>
          </p>
        ) : viewer === undefined ? (
          <button type="button" className="button" onClick={() => showLogin('login', { stayOnPage: true })}>
            <Trans>Log in to order</Trans>
          </button>
        ) : (
          <Link to="/direct/order" search={{ executor: profile.id }} className="button">
            <Trans>Order from this specialist</Trans>
          </Link>
        )}
        {!own && (
          <OpenChatButton target={{ user_id: profile.id }}>
            <MessageCircle className="icon" aria-hidden="true" /> <Trans>Go to chat</Trans>
          </OpenChatButton>
        )}
        {!own && <ReportButton item={{ kind: 'profile', id: profile.id }} askToLogIn={askToLogInHere} />}
        <ShareProfileButton slug={profile.slug} name={name} className="button button--secondary">
          <Share2 className="icon" aria-hidden="true" /> <Trans>Share</Trans>
        </ShareProfileButton>
      </div>

      <ServicesSection profile={profile} />

      {profile.about && (
        <section className="public-profile__section" aria-labelledby="about-title">
          <h2 id="about-title">
            <Trans>About</Trans>
          </h2>
          <p className="public-profile__about">{profile.about}</p>
        </section>
      )}

      <WhereSection profile={profile} />
      <PortfolioSection works={profile.works} />
      <DocumentsSection documents={profile.documents} />

      <section className="public-profile__section" aria-labelledby="calendar-title">
        <h2 id="calendar-title">
          <Trans>Calendar</Trans>
        </h2>
        <BusyCalendar userId={profile.id} />
      </section>

      <LatestReviews profile={profile} />
    </div>
  )
}

/** Districts, places where the specialist receives clients, and how they work; never a home address. */
function WhereSection({ profile }: { profile: PublicProfile }) {
  const ways = [
    profile.works_remotely && <Trans key="remote">Works remotely</Trans>,
    profile.accepts_at_own_place && <Trans key="own">Receives clients at their place</Trans>,
    profile.looking_for_internship && <Trans key="intern">Looking for an internship</Trans>,
  ].filter(Boolean)
  const languageName = useLanguageName()
  const languages = profile.languages.map(languageName).join(', ')
  if (
    profile.districts.length === 0 &&
    profile.work_addresses.length === 0 &&
    ways.length === 0 &&
    profile.languages.length === 0
  )
    return null
  return (
    <section className="public-profile__section" aria-labelledby="where-title">
      <h2 id="where-title">
        <Trans>Where they work</Trans>
      </h2>
      {profile.districts.length > 0 && (
        <>
          <h3>
            <Trans>Districts</Trans>
          </h3>
          <ul className="public-profile__chips">
            {profile.districts.map((district) => (
              <li key={district.id} className="chip">
                {district.name}
              </li>
            ))}
          </ul>
        </>
      )}
      {profile.work_addresses.length > 0 && (
        <>
          <h3>
            <Trans>Addresses where they receive clients</Trans>
          </h3>
          <ul>
            {profile.work_addresses.map((address) => (
              <li key={address}>{address}</li>
            ))}
          </ul>
        </>
      )}
      {ways.length > 0 && (
        <ul className="public-profile__ways">
          {ways.map((way, index) => (
            <li key={index}>{way}</li>
          ))}
        </ul>
      )}
      {profile.languages.length > 0 && (
        <p>
          <Trans>Languages: {languages}</Trans>
        </p>
      )}
    </section>
  )
}
