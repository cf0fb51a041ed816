import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/bonus')({
  beforeLoad: guardRoute('bonus'),
  component: BonusScreen,
})

function BonusScreen() {
  const { t } = useLingui()
  return <ScreenLayout title={t`Bonuses`} lead={t`Your bonuses and how to earn them will be shown here.`} />
}
