import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/support')({
  beforeLoad: guardRoute('support'),
  component: SupportScreen,
})

function SupportScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Support`} lead={t`Write to us in the support chat: we answer every day.`} />
}
