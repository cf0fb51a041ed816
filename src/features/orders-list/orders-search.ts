import { idNumber, oneOf, wholeNumber } from '#src/lib/search-values.ts'
import { ORDER_PLACES, ORDER_STATUSES, type OrderPlace, type OrderStatus } from '#contract/order-values.ts'

/** Whose orders a list shows: the open ones anyone may reply to, or the visitor's own. */
export const ORDER_VIEWS = ['open', 'mine'] as const
export type OrderView = (typeof ORDER_VIEWS)[number]

// Only the route's validateSearch imports this module at run time: plain checks (src/lib/search-values.ts). What
// the screens do with a search is in orders-query.ts.

/**
 * The list's filters as they stand in the address (`/orders?tab=completed&price_to=500000`), so back, forward and
 * reload keep them. Prices here are in so'm, as people type them; the API takes tiyin.
 */
export type OrdersSearch = {
  view?: OrderView
  tab?: OrderStatus
  category?: number
  service?: number
  price_from?: number
  price_to?: number
  date_from?: string
  date_to?: string
  place?: OrderPlace
}

const day = (value: unknown) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const date = new Date(`${value}T00:00:00Z`)
  // 2026-02-30 is a valid-looking string that Date rolls over into March.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined
}

/** The API's largest price (contract/schemas/bounds.ts MAX_MONEY_TIYIN, 10^12 tiyin) in so'm. */
const PRICE_MAX_SOM = 10_000_000_000
const price = (value: unknown) => {
  const number = wholeNumber(value)
  return number !== undefined && number <= PRICE_MAX_SOM ? number : undefined
}

/**
 * A wrong value in a shared or hand-edited address is dropped instead of breaking the screen: each value is kept
 * only within the bounds the API takes, so the list is asked without it rather than answered with an error.
 *
 * NOTE: every key is written, a dropped one as undefined (which the address leaves out). A key left out would
 * still reach the screen as it was typed: the root route's search is the raw one, and a route's search is merged
 * over it.
 */
export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  return {
    view: oneOf(ORDER_VIEWS, search.view),
    tab: oneOf(ORDER_STATUSES, search.tab),
    category: idNumber(search.category),
    service: idNumber(search.service),
    price_from: price(search.price_from),
    price_to: price(search.price_to),
    date_from: day(search.date_from),
    date_to: day(search.date_to),
    place: oneOf(ORDER_PLACES, search.place),
  }
}
