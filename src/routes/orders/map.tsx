import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { OrdersMap } from '#src/features/orders-list/components/orders-map.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/orders/map')({
  beforeLoad: guardRoute('orders_map'),
  component: OrdersMapScreen,
})

function OrdersMapScreen() {
  const { t } = useLingui()
  return (
    <ScreenLayout
      title={t`Orders on the map`}
      description={t`Open orders near you, on the map of Uzbekistan.`}
    >
      <nav aria-label={t`Other views`} className="orders-links">
        <Link to="/orders" className="chip">
          <Trans>Orders as a list</Trans>
        </Link>
      </nav>
      <OrdersMap />
    </ScreenLayout>
  )
}
