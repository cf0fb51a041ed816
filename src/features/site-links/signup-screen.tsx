import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { EXTERNAL_LINKS } from '#src/lib/links.ts'
import { rememberInvite } from '#src/lib/invite.ts'

/** Becoming a specialist: the registration bot, and the graduates' plan. */
export function SignupScreen() {
  const { t } = useLingui()
  const { invite } = useSearch({ from: '/signup' })
  // Kept from the page (its own chunk), not the route's search check, which loads with the first screen.
  useEffect(() => rememberInvite(invite), [invite])
  return (
    <ScreenLayout
      title={t`Become a specialist`}
      lead={t`Specialists register through our Telegram bot: it sends you new orders as notifications.`}
    >
      <a href={EXTERNAL_LINKS.signupBot} className="button" rel="noopener" target="_blank">
        <Trans>Open the bot</Trans>
      </a>
      <p>
        <Link to="/graduates">
          <Trans>Graduated from our training centre? See the graduates' plan</Trans>
        </Link>
      </p>
    </ScreenLayout>
  )
}
