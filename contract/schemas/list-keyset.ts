import * as v from 'valibot'
import { MAX_NUMBERED_PAGE } from './bounds.ts'

/** What a keyset list adds to its meta: where the next page starts (`cursor`), null on the last page. */
export const NextCursorSchema = v.nullable(v.string())

/**
 * Page numbers are kept for the first MAX_NUMBERED_PAGE pages of a keyset list: deeper than that without a cursor
 * is `page_needs_cursor`, since an OFFSET that deep costs what the whole list before it does. Used in a
 * `v.forward(v.partialCheck([['page'], ['cursor']], …), ['page'])` of each list's query.
 */
export const withinNumberedPages = (query: { page: number; cursor?: string }) =>
  query.cursor !== undefined || query.page <= MAX_NUMBERED_PAGE
