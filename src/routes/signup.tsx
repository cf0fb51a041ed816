import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { EXTERNAL_LINKS } from '#src/lib/links.ts'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/signup')({
  beforeLoad: guardRoute('signup'),
  component: Signup,
})

function Signup() {
  const { t } = useLingui()
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
