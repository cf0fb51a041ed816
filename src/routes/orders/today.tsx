import { createFileRoute } from '@tanstack/react-router'
import { TodayScreen } from '#src/features/workday/components/today-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// The screen lives in its feature so that its messages load with it (docs/decisions/007). Specialists only: a
// job's address and customer are theirs alone.
export const Route = createFileRoute('/orders/today')({
  beforeLoad: guardRoute('orders_today'),
  component: TodayScreen,
})
