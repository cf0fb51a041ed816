import { createFileRoute } from '@tanstack/react-router'
import { OrdersScreen } from '#src/features/orders-list/components/orders-screen.tsx'
import { parseOrdersSearch } from '#src/features/orders-list/orders-search.ts'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// The screen lives in its feature so that its messages load with it (docs/decisions/007).
export const Route = createFileRoute('/orders/')({
  validateSearch: parseOrdersSearch,
  beforeLoad: guardRoute('orders'),
  component: OrdersScreen,
})
