// The moderators' lists page by (time, id) with the microseconds PostgreSQL keeps: a cursor carries both as written.
import { MAX_ID } from '#contract/schemas/bounds.ts'
import { fieldError } from '#server/lib/app-error.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'

const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** A cursor's time and id, checked so that nothing a client sends reaches SQL as an invalid value. */
export function readKeyset(cursor: string | undefined) {
  if (cursor === undefined) return undefined
  const [at, id] = decodeCursor(cursor, ['string', 'number']) as [string, number]
  if (!MICROSECOND_TIME.test(at) || !Number.isInteger(id) || id < 1 || id > MAX_ID)
    throw fieldError('cursor', 'cursor_invalid')
  return { at, id }
}

/** The page of `limit` rows, and the cursor of its last one when the query found more. */
export function pageOf<T extends { cursorAt: string; id: number }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit)
  const last = rows.length > limit ? page.at(-1) : undefined
  return { page, nextCursor: last ? encodeCursor([last.cursorAt, last.id]) : null }
}
