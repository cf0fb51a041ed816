import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/direct/order/$orderId')({
  beforeLoad: guardRoute('direct_order_view'),
  component: DirectOrderViewScreen,
})

function DirectOrderViewScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Direct order`}
      lead={t`The direct order and its conversation will be shown here.`}
    />
  )
}
