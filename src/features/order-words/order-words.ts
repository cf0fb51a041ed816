import { useLingui } from '@lingui/react/macro'
import type { Order, OrderPlace, OrderStatus } from '#contract/schemas/orders.ts'
import { loadOrderWordsCatalog } from './catalog.ts'
import { formatPrice, type PriceWords } from './format.ts'

// The lists, the map and the order page word orders alike; these messages load with whichever comes first
// (docs/decisions/007).
await loadOrderWordsCatalog()

/** Says an order's price in the current language, in so'm. */
export function usePriceText() {
  const { t } = useLingui()
  const words: PriceWords = {
    som: (amount) => t`${amount} so'm`,
    range: (from, to) => t`${from} – ${to} so'm`,
    from: (amount) => t`from ${amount} so'm`,
    upTo: (amount) => t`up to ${amount} so'm`,
    negotiable: t`Price by agreement`,
  }
  return (order: Pick<Order, 'price' | 'price_min' | 'price_max'>) => formatPrice(order, words)
}

/** An order's state as its people see it: "inactive" is two states, told apart by a chosen executor. */
export type OrderState =
  'open' | 'replies_paused' | 'awaiting_acceptance' | 'in_progress' | 'completed' | 'canceled' | 'archive'

/** Inactive with a chosen executor awaits their answer (docs/decisions/005); without one, replies are paused. */
export const orderState = (order: Pick<Order, 'status' | 'executor_id'>): OrderState =>
  order.status === 'inactive'
    ? order.executor_id === null
      ? 'replies_paused'
      : 'awaiting_acceptance'
    : order.status

/**
 * One order's state in the current language ("Открыт"), for cards, the order page and direct orders. The list tabs
 * have their own plural names ("Открытые", useOrderWords); the context keeps the two apart in the catalogs.
 */
export function useStateText() {
  const { t } = useLingui()
  const states: Record<OrderState, string> = {
    open: t({ message: 'Open', context: 'order status' }),
    replies_paused: t({ message: 'Replies paused', context: 'order status' }),
    awaiting_acceptance: t({ message: 'Waiting for the specialist to accept', context: 'order status' }),
    in_progress: t({ message: 'In progress', context: 'order status' }),
    completed: t({ message: 'Completed', context: 'order status' }),
    canceled: t({ message: 'Canceled', context: 'order status' }),
    archive: t({ message: 'Archived', context: 'order status' }),
  }
  return (order: Pick<Order, 'status' | 'executor_id'>) => states[orderState(order)]
}

/** The names of the list tabs (plural: "Open" orders) and of the work places in the current language. */
export function useOrderWords() {
  const { t } = useLingui()
  const statuses: Record<OrderStatus, string> = {
    open: t`Open`,
    inactive: t`Inactive`,
    in_progress: t`In progress`,
    completed: t`Completed`,
    canceled: t`Canceled`,
    archive: t`Archive`,
  }
  const places: Record<OrderPlace, string> = {
    online: t`Online`,
    at_customer: t`At the customer's place`,
    at_executor: t`At the specialist's place`,
  }
  return { statuses, places }
}

/** The order's work places in the current language, joined: "At the customer's place, Online". */
export function usePlacesText() {
  const { places } = useOrderWords()
  return (order: Pick<Order, 'is_online' | 'at_customer' | 'at_executor'>) =>
    [
      order.at_customer && places.at_customer,
      order.at_executor && places.at_executor,
      order.is_online && places.online,
    ]
      .filter(Boolean)
      .join(', ')
}
