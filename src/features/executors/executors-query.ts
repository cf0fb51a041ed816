import type * as v from 'valibot'
import type { ExecutorsQuerySchema } from '#contract/schemas/specialists.ts'
import { TIYIN_PER_SOM } from '#src/features/order-words/format.ts'
import type { ExecutorsSearch } from './executors-search.ts'

export type ExecutorsQuery = v.InferInput<typeof ExecutorsQuerySchema>

/** The GET /executors query of a page of the list: prices in tiyin, the flags as the API spells them. */
export function executorsQueryOf(search: ExecutorsSearch, page: number, perPage: number): ExecutorsQuery {
  const query: ExecutorsQuery = { page: String(page), perPage: String(perPage) }
  if (search.search) query.search = search.search
  if (search.category !== undefined) query.category = String(search.category)
  if (search.service !== undefined) query.service = String(search.service)
  if (search.district !== undefined) query.district = String(search.district)
  if (search.verified) query.verified = '1'
  if (search.rating_min !== undefined) query.rating_min = String(search.rating_min)
  if (search.price_from !== undefined) query.price_from = String(search.price_from * TIYIN_PER_SOM)
  if (search.price_to !== undefined) query.price_to = String(search.price_to * TIYIN_PER_SOM)
  query.sort = search.sort ?? 'rating'
  return query
}

/** How many filters besides the text and the order are set, for the filters' toggle. */
export const activeFilterCount = (search: ExecutorsSearch) =>
  [
    search.category ?? search.service,
    search.district,
    search.verified,
    search.rating_min,
    search.price_from ?? search.price_to,
  ].filter((value) => value !== undefined).length
