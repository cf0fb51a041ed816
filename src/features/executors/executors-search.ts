import { oneOf, wholeNumber, withoutEmpty } from '#src/lib/search-values.ts'

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
const rating = (value: unknown) => {
  const number = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN
  // The API takes 0 to 5 in steps of a tenth.
  return value !== '' && number > 0 && number <= 5 && Math.round(number * 10) === number * 10
    ? number
    : undefined
}
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, SEARCH_MAX) : undefined

/** A wrong value in a shared or hand-edited address is dropped instead of breaking the screen. */
export function parseExecutorsSearch(search: Record<string, unknown>): ExecutorsSearch {
  return withoutEmpty<ExecutorsSearch>({
    search: text(search.search),
    category: wholeNumber(search.category),
    service: wholeNumber(search.service),
    district: wholeNumber(search.district),
    verified: String(search.verified) === '1' ? 1 : undefined,
    rating_min: rating(search.rating_min),
    price_from: wholeNumber(search.price_from),
    price_to: wholeNumber(search.price_to),
    sort: oneOf(EXECUTOR_SORT_VALUES, search.sort),
  })
}
