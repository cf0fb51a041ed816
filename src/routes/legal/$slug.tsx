import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/legal/$slug')({
  beforeLoad: guardRoute('legal_view'),
  component: LegalViewScreen,
})

function LegalViewScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Legal document`} lead={t`The text of the legal document.`} />
}
