import * as v from 'valibot'
import {
  ORDER_PLACES,
  ORDER_STATUSES,
  type OrdersQuerySchema,
  type OrderStatus,
} from '#contract/schemas/orders.ts'
import type { UserType } from '#contract/schemas/profile.ts'

/** Whose orders a list shows: the open ones anyone may reply to, or the visitor's own. */
export const ORDER_VIEWS = ['open', 'mine'] as const
export type OrderView = (typeof ORDER_VIEWS)[number]

const wholeNumber = v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(0))
const day = v.pipe(v.string(), v.isoDate())
// A wrong value in a shared or hand-edited address is dropped instead of breaking the screen.
const optional = <T extends v.GenericSchema>(schema: T) =>
  v.optional(v.fallback(v.optional(schema), undefined))

/**
 * The list's filters as they stand in the address (`/orders?tab=completed&price_to=500000`), so back, forward and
 * reload keep them. Prices here are in so'm, as people type them; the API takes tiyin.
 */
export const OrdersSearchSchema = v.object({
  view: optional(v.picklist(ORDER_VIEWS)),
  tab: optional(v.picklist(ORDER_STATUSES)),
  category: optional(wholeNumber),
  service: optional(wholeNumber),
  price_from: optional(wholeNumber),
  price_to: optional(wholeNumber),
  date_from: optional(day),
  date_to: optional(day),
  place: optional(v.picklist(ORDER_PLACES)),
})
export type OrdersSearch = v.InferOutput<typeof OrdersSearchSchema>

export const parseOrdersSearch = (search: Record<string, unknown>): OrdersSearch =>
  v.parse(OrdersSearchSchema, search)

/** Customers see their own orders; a guest the open ones; a specialist either, open first. */
export function viewOf(search: OrdersSearch, visitor: 'guest' | UserType): OrderView {
  if (visitor === 'guest') return 'open'
  if (visitor === 'customer') return 'mine'
  return search.view ?? 'open'
}

export const TIYIN_PER_SOM = 100

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
