import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/profile/$slug')({
  beforeLoad: guardRoute('profile'),
  component: ProfileScreen,
})

function ProfileScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Specialist profile`}
      lead={t`The specialist's services, prices, reviews, calendar and address will be shown here.`}
    />
  )
}
