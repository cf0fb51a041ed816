import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/orders/')({
  beforeLoad: guardRoute('orders'),
  component: OrdersScreen,
})

function OrdersScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Orders`}
      lead={t`Open orders and your own orders, with their tabs, filters and direct orders, will be listed here.`}
    />
  )
}
