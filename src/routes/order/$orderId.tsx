import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/order/$orderId')({
  beforeLoad: guardRoute('order.view'),
  component: OrderViewScreen,
})

function OrderViewScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Order`}
      lead={t`The order, its photos, the replies and the reply form will be shown here.`}
    />
  )
}
