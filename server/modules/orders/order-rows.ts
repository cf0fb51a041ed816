// What the orders repository and its parts answer and are asked (rows, filters, pages), in a file of its own so
// that none of its parts imports repository.ts back.
import type { OrderPlace } from '#contract/schemas/orders.ts'
import type { OrderRow, OrderStatus } from '#server/db/rows/orders.ts'
import type { PublicAnswers } from './public-answers.ts'

export type { OrderRow, OrderStatus, RefusalReason } from '#server/db/rows/orders.ts'

export { COUNT_LIMIT } from '#server/lib/count-limit.ts'
/** A list in a map box counts up to this many: "1,000 or more" in a box is all a reader needs (docs/decisions/012). */
export const BOX_COUNT_LIMIT = 1_000

/**
 * The statuses a customer's orders are live in, before any work starts: open, paused, or awaiting the chosen
 * specialist (a direct order too). A cap on them cannot be passed by pausing orders and opening them again.
 */
export const LIVE_STATUSES: OrderStatus[] = ['open', 'inactive']
/** What publishing within the cap did: the new order, the order an earlier use of the key made, or nothing. */
export type Published = { created: OrderRow } | { earlier: OrderRow } | { full: true }

export type OrderFilters = {
  status: OrderStatus
  serviceId?: number
  categoryId?: number
  bbox?: number[]
  /** Tiyin; an order's price or min-max range overlaps [priceFrom, priceTo]. */
  priceFrom?: number
  priceTo?: number
  /** started_at within [startedFrom, startedBefore). */
  startedFrom?: Date
  startedBefore?: Date
  place?: OrderPlace
  /** Only the orders of this customer, or those this executor replied to or was chosen for. */
  mine?: { userId: number; as: 'customer' | 'executor' }
  /** Only direct orders (true) or none of them (false). */
  direct?: boolean
  /** Instead of `status`: any of these. */
  statusIn?: OrderStatus[]
  page: number
  perPage: number
  /** Keyset paging: only the orders listed after this one (newest first); `page` is then ignored. */
  after?: ListKey
}

/** Where an order stands in a list (created_at desc, id desc): created_at to the microsecond, as text. */
export type ListKey = { createdAt: string; id: number }

/**
 * An order as a list names it: its id, the version of its row and its parties. The card itself is kept per version
 * (order-cards.ts), so a page reads a few small columns per order instead of every column.
 */
export type ListedOrder = { id: number; version: string; customerId: number; executorId: number | null }
/** An order and the version of its row. */
export type VersionedOrderRow = OrderRow & { version: string }

/** One page of a list: its orders, the capped total and the key the next page starts after. */
export type OrdersPage = { entries: ListedOrder[]; total: number; next: ListKey | null }

/**
 * The answers read from orders (public-answers.ts) the repository reads through and empties: the grid's cells of
 * the map and of lists in a box are read through it, and every write to an order empties it.
 */
export type KeptOrderAnswers = Pick<PublicAnswers, 'forget' | 'readMany' | 'serving'>
