import { createFileRoute } from '@tanstack/react-router'
import { OrdersMapScreen } from '#src/features/orders-list/components/orders-map-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// The screen lives in its feature so that its messages load with it (docs/decisions/007).
export const Route = createFileRoute('/orders/map')({
  beforeLoad: guardRoute('orders_map'),
  component: OrdersMapScreen,
})
