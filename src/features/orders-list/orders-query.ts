import type * as v from 'valibot'
import type { OrdersQuerySchema, OrderStatus } from '#contract/schemas/orders.ts'
import type { UserType } from '#contract/schemas/profile.ts'
import { TIYIN_PER_SOM } from '#src/features/order-words/format.ts'
import type { OrdersSearch, OrderView } from './orders-search.ts'

/** Customers see their own orders; a guest the open ones; a specialist either, open first. */
export function viewOf(search: OrdersSearch, visitor: 'guest' | UserType): OrderView {
  if (visitor === 'guest') return 'open'
  if (visitor === 'customer') return 'mine'
  return search.view ?? 'open'
}

export type OrdersQuery = v.InferInput<typeof OrdersQuerySchema>

/** The GET /orders query of a page of the list. */
export function ordersQueryOf(search: OrdersSearch, view: OrderView, page: number, perPage: number) {
  const tab: OrderStatus = view === 'open' ? 'open' : (search.tab ?? 'open')
  const query: OrdersQuery = {
    tab,
    scope: view === 'mine' ? 'mine' : 'all',
    page: String(page),
    perPage: String(perPage),
  }
  if (search.service !== undefined) query.service = String(search.service)
  else if (search.category !== undefined) query.category = String(search.category)
  if (search.price_from !== undefined) query.price_from = String(search.price_from * TIYIN_PER_SOM)
  if (search.price_to !== undefined) query.price_to = String(search.price_to * TIYIN_PER_SOM)
  if (search.date_from) query.date_from = search.date_from
  if (search.date_to) query.date_to = search.date_to
  if (search.place) query.place = search.place
  return query
}

/** How many filters besides the tab are set, for the filters' toggle. */
export const activeFilterCount = (search: OrdersSearch) =>
  [
    search.category ?? search.service,
    search.price_from ?? search.price_to,
    search.date_from ?? search.date_to,
    search.place,
  ].filter((value) => value !== undefined).length
