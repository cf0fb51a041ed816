// The columns a list reads of each order and how a page is cut from them: shared by the list's queries.
import { getTableColumns, sql } from 'drizzle-orm'
import { orders } from '#server/db/schema/orders.ts'
import type { ListedOrder, OrderFilters, OrdersPage } from './order-rows.ts'

// NOTE: created_at keeps microseconds, a JS Date only milliseconds: the key carries the exact text so that no row
// sharing the millisecond is skipped or listed twice.
const exactCreatedAt = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

// NOTE: xmin is the transaction that wrote the row's current version: every update writes a new version with a new
// one, so an order's card kept for (id, xmin) is never stale, in any process, with no message to forget it.
export const version = sql<string>`${orders}.xmin::text`

/** A list's row: which order, and its exact place in the list. */
export type ListedRow = ListedOrder & { listedAt: string }

export const listedColumns = {
  id: orders.id,
  version,
  customerId: orders.customerId,
  executorId: orders.executorId,
  listedAt: exactCreatedAt,
}

// Every column but `spot`, which is lng and lat again, for the indexes' sake.
const { spot: _spot, ...everyColumnButSpot } = getTableColumns(orders)
export const orderColumns = everyColumnButSpot

/** The open list with no filter: what `order_counters.open_listed` counts. */
export const isPlainOpenList = (filters: OrderFilters) => !filters.bbox && isOpenListedOnly(filters)
/** The open list with no filter but a box, maybe. */
export const isOpenListedOnly = (filters: OrderFilters) =>
  filters.status === 'open' &&
  filters.direct === false &&
  !filters.statusIn &&
  !filters.mine &&
  filters.serviceId === undefined &&
  filters.categoryId === undefined &&
  filters.priceFrom === undefined &&
  filters.priceTo === undefined &&
  !filters.startedFrom &&
  !filters.startedBefore &&
  !filters.place

/** The page of `perPage` orders read with one more, which tells whether another page follows. */
export function pageFrom(
  found: (ListedRow & { total?: number })[],
  total: number,
  perPage: number,
): OrdersPage {
  const entries = found.slice(0, perPage).map(({ listedAt: _, total: _total, ...entry }) => entry)
  const last = found.length > perPage ? found[perPage - 1] : undefined
  return { entries, total, next: last ? { createdAt: last.listedAt, id: last.id } : null }
}
