import { eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { OrderPlace } from '#contract/schemas/orders.ts'
import { orders } from '#server/db/schema/orders.ts'
import { fieldError } from '#server/lib/app-error.ts'
import type { OrderFilters } from './order-rows.ts'

// Days of the date filter are Tashkent's (UTC+5, no daylight saving time).
const TASHKENT_OFFSET = '+05:00'
const DAY_MS = 24 * 60 * 60 * 1000

type FilterQuery = {
  price_from?: number
  price_to?: number
  date_from?: string
  date_to?: string
  place?: OrderPlace
}

/** The query's price, date and place filters for the repository; a range that ends before it starts is refused. */
export function listFiltersOf(query: FilterQuery): Partial<OrderFilters> {
  if (query.price_from !== undefined && query.price_to !== undefined && query.price_to < query.price_from) {
    throw fieldError('price_to', 'invalid_request')
  }
  if (query.date_from && query.date_to && query.date_to < query.date_from) {
    throw fieldError('date_to', 'invalid_request')
  }
  const dayStart = (day: string) => new Date(`${day}T00:00:00${TASHKENT_OFFSET}`)
  return {
    priceFrom: query.price_from,
    priceTo: query.price_to,
    startedFrom: query.date_from ? dayStart(query.date_from) : undefined,
    startedBefore: query.date_to ? new Date(dayStart(query.date_to).getTime() + DAY_MS) : undefined,
    place: query.place,
  }
}

// An order with a price but no upper bound is open-ended; tiyin never get near this.
const NO_UPPER_PRICE = Number.MAX_SAFE_INTEGER
const PLACE_COLUMNS = {
  online: orders.isOnline,
  at_customer: orders.atCustomer,
  at_executor: orders.atExecutor,
}

/** The price, date and place filters of the list, as SQL conditions. */
export function filterConditions(
  filters: Pick<OrderFilters, 'priceFrom' | 'priceTo' | 'startedFrom' | 'startedBefore' | 'place'>,
): SQL[] {
  const conditions: SQL[] = []
  if (filters.priceFrom !== undefined || filters.priceTo !== undefined) {
    conditions.push(or(isNotNull(orders.price), isNotNull(orders.priceMin), isNotNull(orders.priceMax))!)
  }
  if (filters.priceFrom !== undefined) {
    conditions.push(
      sql`coalesce(${orders.price}, ${orders.priceMax}, ${NO_UPPER_PRICE}) >= ${filters.priceFrom}`,
    )
  }
  if (filters.priceTo !== undefined) {
    conditions.push(sql`coalesce(${orders.price}, ${orders.priceMin}, 0) <= ${filters.priceTo}`)
  }
  if (filters.startedFrom) conditions.push(gte(orders.startedAt, filters.startedFrom))
  if (filters.startedBefore) conditions.push(lt(orders.startedAt, filters.startedBefore))
  if (filters.place) conditions.push(eq(PLACE_COLUMNS[filters.place], true))
  return conditions
}
