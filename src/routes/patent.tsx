import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/patent')({
  beforeLoad: guardRoute('patent'),
  component: PatentScreen,
})

function PatentScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Patent`} lead={t`The documents that give us the right to run the service.`} />
}
