import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { ORDER_STATUSES, type OrderStatus } from '#contract/schemas/orders.ts'
import type { OrdersSearch } from '../orders-search.ts'
import { useOrderWords } from '#src/features/order-words/order-words.ts'
import { haptic } from '#src/lib/haptics.ts'

/** The six tabs of one's own orders, as links so each tab has its address. */
export function OrdersTabs({ current, search }: { current: OrderStatus; search: OrdersSearch }) {
  const { t } = useLingui()
  const { statuses } = useOrderWords()
  return (
    <nav aria-label={t`Order status`} className="orders-tabs">
      {ORDER_STATUSES.map((status) => (
        <Link
          key={status}
          to="/orders"
          search={{ ...search, tab: status }}
          className="orders-tabs__tab"
          aria-current={status === current ? 'page' : undefined}
          onClick={() => status !== current && haptic('selection')}
        >
          {statuses[status]}
        </Link>
      ))}
    </nav>
  )
}
