import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/usage')({
  beforeLoad: guardRoute('usage'),
  component: UsageScreen,
})

function UsageScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`How to use Fika`}
      lead={t`How to post an order, choose a specialist and leave a review.`}
    />
  )
}
