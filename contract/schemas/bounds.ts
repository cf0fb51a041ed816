import * as v from 'valibot'

/**
 * The one place where a number a client sends gets its bounds. Every id, page and amount of money in the contract
 * goes through these, so no value past the range of its column (or past what JavaScript counts exactly) reaches SQL.
 */

/** The largest PostgreSQL `integer`: every id column. */
export const MAX_ID = 2_147_483_647
/** Pages past this are refused; endless scrolling never gets near it. */
export const MAX_PAGE = 10_000
/** The default size of a page of services (spec section 9). */
export const DEFAULT_PER_PAGE = 10
/** 10 billion so'm in tiyin: above any service price, far inside `bigint` and JavaScript's exact integers. */
export const MAX_MONEY_TIYIN = 1_000_000_000_000

const DIGITS = /^\d{1,15}$/

/** An id in a path: anything that is not one of ours is simply not found. */
export const IdParamSchema = v.pipe(
  v.string(),
  v.regex(DIGITS, 'not_found'),
  v.transform(Number),
  v.minValue(1, 'not_found'),
  v.maxValue(MAX_ID, 'not_found'),
)

/** An id in a query string (a filter): a bad one is the client's mistake. */
export const IdQuerySchema = v.pipe(
  v.string(),
  v.regex(DIGITS, 'id_invalid'),
  v.transform(Number),
  v.minValue(1, 'id_invalid'),
  v.maxValue(MAX_ID, 'id_invalid'),
)

/** An id in a JSON body. */
export const IdValueSchema = v.pipe(
  v.number('id_invalid'),
  v.integer('id_invalid'),
  v.minValue(1, 'id_invalid'),
  v.maxValue(MAX_ID, 'id_invalid'),
)

/** `page` of a list: 1 by default. */
export const PageQuerySchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'page_invalid'),
    v.transform(Number),
    v.minValue(1, 'page_invalid'),
    v.maxValue(MAX_PAGE, 'page_invalid'),
  ),
  '1',
)

/** `perPage` of a list, up to `max`. */
export const perPageQuerySchema = (max: number, fallback = DEFAULT_PER_PAGE) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'per_page_invalid'),
      v.transform(Number),
      v.minValue(1, 'per_page_invalid'),
      v.maxValue(max, 'per_page_invalid'),
    ),
    String(fallback),
  )

/** Money in a JSON body: a whole number of tiyin (1 so'm = 100 tiyin). */
export const MoneyValueSchema = v.pipe(
  v.number('price_invalid'),
  v.integer('price_invalid'),
  v.minValue(0, 'price_invalid'),
  v.maxValue(MAX_MONEY_TIYIN, 'price_invalid'),
)

/** Money in a query string (a price filter), in tiyin. */
export const MoneyQuerySchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,13}$/, 'price_invalid'),
  v.transform(Number),
  v.maxValue(MAX_MONEY_TIYIN, 'price_invalid'),
)

/**
 * Where the next page of a list starts (keyset paging): an opaque token the server wrote into `meta.next_cursor`.
 * A client sends it back as it was; a list asked with a cursor ignores `page`. Its cost does not grow with depth.
 */
export const CursorQuerySchema = v.optional(
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,400}$/, 'cursor_invalid')),
)
/** Pages by number stay for the first pages of a list (spec section 7); deeper pages go by `cursor`. */
export const MAX_NUMBERED_PAGE = 50
