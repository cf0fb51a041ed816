import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/order/$orderId')({
  beforeLoad: guardRoute('order.view'),
  component: OrderViewScreen,
})

function OrderViewScreen() {
  const { orderId } = Route.useParams()
  return /^\d+$/.test(orderId) ? <OrderScreen key={orderId} orderId={Number(orderId)} /> : <NotFound />
}
