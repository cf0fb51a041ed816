import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { EXTERNAL_LINKS } from '#src/lib/links.ts'
import { rememberInvite } from '#src/lib/invite.ts'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/signup')({
  beforeLoad: guardRoute('signup'),
  // `invite`: an invite link's code (decision 015, "Bonuses"), kept until the registration form sends it.
  validateSearch: (search: Record<string, unknown>): { invite?: string } =>
    typeof search.invite === 'string' ? { invite: search.invite.slice(0, 64) } : {},
  component: Signup,
})

function Signup() {
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
