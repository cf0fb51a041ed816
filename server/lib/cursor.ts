import { fieldError } from './app-error.ts'

/** One key of a row in the list's order: what the next page starts after. */
export type CursorKey = (string | number | null)[]

/** The key of the last row given, as the opaque `meta.next_cursor` (base64url JSON). */
export const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url')

/**
 * The key a client sent back, checked against the shape its list writes (`kinds`: one per position); anything else
 * is `cursor_invalid` on the `cursor` field, never a 5xx.
 */
export function decodeCursor(cursor: string, kinds: ('string' | 'number' | 'date' | 'nullable-number')[]) {
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw fieldError('cursor', 'cursor_invalid')
  }
  const fits =
    Array.isArray(key) &&
    key.length === kinds.length &&
    kinds.every((kind, i) => {
      const value: unknown = key[i]
      if (kind === 'number') return typeof value === 'number' && Number.isFinite(value)
      if (kind === 'nullable-number')
        return value === null || (typeof value === 'number' && Number.isFinite(value))
      if (kind === 'date') return typeof value === 'string' && !Number.isNaN(Date.parse(value))
      return typeof value === 'string' && value.length <= 200
    })
  if (!fits) throw fieldError('cursor', 'cursor_invalid')
  return key as CursorKey
}
