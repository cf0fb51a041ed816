import { createFileRoute, useParams } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/order/$orderId')({
  beforeLoad: guardRoute('order.view'),
  component: OrderViewScreen,
})

function OrderViewScreen() {
  // NOTE: not Route.useParams(): a split component that imports its route file pulls the route into its own
  // chunk, one more request for the first screen.
  const { orderId } = useParams({ from: '/order/$orderId' })
  return /^\d+$/.test(orderId) ? (
    <WithCatalog load={loadOrderViewCatalog}>
      <OrderScreen key={orderId} orderId={Number(orderId)} />
    </WithCatalog>
  ) : (
    <NotFound />
  )
}
