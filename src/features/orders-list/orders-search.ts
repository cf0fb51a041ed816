import * as v from 'valibot'
import { ORDER_PLACES, ORDER_STATUSES } from '#contract/schemas/orders.ts'

/** Whose orders a list shows: the open ones anyone may reply to, or the visitor's own. */
export const ORDER_VIEWS = ['open', 'mine'] as const
export type OrderView = (typeof ORDER_VIEWS)[number]

const wholeNumber = v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(0))
const day = v.pipe(v.string(), v.isoDate())
// A wrong value in a shared or hand-edited address is dropped instead of breaking the screen.
const optional = <T extends v.GenericSchema>(schema: T) =>
  v.optional(v.fallback(v.optional(schema), undefined))

// Only the route's validateSearch imports this module at run time: it stays small, as every route's search check
// is part of the app's first load. What the screens do with a search is in orders-query.ts.

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
