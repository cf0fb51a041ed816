import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/contact')({
  beforeLoad: guardRoute('contact'),
  component: ContactScreen,
})

function ContactScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Contacts`} lead={t`How to reach the Fika team.`} />
}
