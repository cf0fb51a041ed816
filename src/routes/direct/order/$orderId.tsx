import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/direct/order/$orderId')({
  beforeLoad: guardRoute('direct_order_view'),
  component: DirectOrderViewScreen,
})

/** One direct order: the same page as any order, with accept and decline for its specialist. */
function DirectOrderViewScreen() {
  const { orderId } = Route.useParams()
  return /^\d+$/.test(orderId) ? <OrderScreen key={orderId} orderId={Number(orderId)} /> : <NotFound />
}
