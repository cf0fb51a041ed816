import { idNumber, oneOf, wholeNumber } from '#src/lib/search-values.ts'

// Only the route's validateSearch imports this module at run time: plain checks (src/lib/search-values.ts).

export const EXECUTOR_SORT_VALUES = ['rating', 'reviews', 'price'] as const
export type ExecutorSort = (typeof EXECUTOR_SORT_VALUES)[number]

/**
 * The specialists list's search as it stands in the address (`/executors?service=12&district=3&verified=1`), so
 * back, forward, reload and a shared link keep it. Prices here are in so'm, as people type them; the API takes tiyin.
 */
export type ExecutorsSearch = {
  search?: string
  category?: number
  service?: number
  district?: number
  verified?: 1
  rating_min?: number
  price_from?: number
  price_to?: number
  sort?: ExecutorSort
}

const SEARCH_MAX = 100
/** The API's largest price (contract/schemas/bounds.ts MAX_MONEY_TIYIN, 10^12 tiyin) in so'm. */
const PRICE_MAX_SOM = 10_000_000_000
const price = (value: unknown) => {
  const number = wholeNumber(value)
  return number !== undefined && number <= PRICE_MAX_SOM ? number : undefined
}
const rating = (value: unknown) => {
  const number = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN
  // The API takes 0 to 5 in steps of a tenth.
  return value !== '' && number > 0 && number <= 5 && Math.round(number * 10) === number * 10
    ? number
    : undefined
}
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, SEARCH_MAX) : undefined

/**
 * A wrong value in a shared or hand-edited address is dropped instead of breaking the screen: each value is kept
 * only within the bounds the API takes, so the list is asked without it rather than answered with an error.
 *
 * NOTE: every key is written, a dropped one as undefined (which the address leaves out). A key left out would
 * still reach the screen as it was typed: the root route's search is the raw one, and a route's search is merged
 * over it.
 */
export function parseExecutorsSearch(search: Record<string, unknown>): ExecutorsSearch {
  return {
    search: text(search.search),
    category: idNumber(search.category),
    service: idNumber(search.service),
    district: idNumber(search.district),
    verified: String(search.verified) === '1' ? 1 : undefined,
    rating_min: rating(search.rating_min),
    price_from: price(search.price_from),
    price_to: price(search.price_to),
    sort: oneOf(EXECUTOR_SORT_VALUES, search.sort),
  }
}
