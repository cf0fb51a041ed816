import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { useExternalLinks } from '#src/features/layout/use-links.ts'
import { botLinkWithInvite, rememberInvite } from '#src/lib/invite.ts'
import { useSession } from '#src/lib/session-store.ts'

/**
 * Becoming a specialist: registration here in the app (in executor mode, with the invite link's code if there was
 * one) or through the bot, and the graduates' plan.
 */
export function SignupScreen() {
  const { t } = useLingui()
  const { invite } = useSearch({ from: '/signup' })
  // Kept from the page (its own chunk), not the route's search check, which loads with the first screen.
  useEffect(() => rememberInvite(invite), [invite])
  const loggedIn = useSession((state) => state.token !== null)
  const showModal = useAuthModal((state) => state.show)
  const links = useExternalLinks()
  return (
    <ScreenLayout
      title={t`Become a specialist`}
      lead={t`Register here in the app, or through our Telegram bot, which also sends you new orders as notifications.`}
    >
      <div className="form__actions">
        {!loggedIn && (
          <button
            type="button"
            className="button"
            // A new specialist's next step is their profile: specialties, districts, prices.
            onClick={() => showModal('registration', { asExecutor: true, returnTo: '/account' })}
          >
            <Trans>Register as a specialist</Trans>
          </button>
        )}
        <a
          href={botLinkWithInvite(links.signupBot)}
          className={loggedIn ? 'button' : 'button button--secondary'}
          rel="noopener"
          target="_blank"
        >
          <Trans>Open the bot</Trans>
        </a>
      </div>
      <p>
        <Link to="/graduates">
          <Trans>Graduated from our training centre? See the graduates' plan</Trans>
        </Link>
      </p>
    </ScreenLayout>
  )
}
