import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/legal/')({
  beforeLoad: guardRoute('legal'),
  component: LegalScreen,
})

function LegalScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Legal documents`} lead={t`The legal documents of the service.`} />
}
