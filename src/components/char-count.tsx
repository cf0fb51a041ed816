import { formatNumber } from '#src/lib/format.ts'

/** Past this share of the limit, what is left is said aloud; before it the counter stays quiet. */
const NEAR_SHARE = 0.9

export type CountWords = {
  /** "At most 5 000 characters": read once with the field (aria-describedby), never on each key. */
  limit: string
  /** "Characters left: 12": said politely, only near the limit. */
  left: string
  /** "12 characters over the limit of 4 000": for a field that keeps what was pasted past its limit. */
  over: string
}

/** What a field with a counter is given: its text's length now and the counter's words. */
export type FieldCount = { length: number; words: CountWords }

/** The ids a limited field is described by: its limit, then its error when it has one. */
export const describedBy = (countId: string | undefined, errorId: string | undefined) =>
  [countId, errorId].filter(Boolean).join(' ') || undefined

type CharCountProps = {
  /** The id the field's aria-describedby names; it holds the limit's words. */
  id: string
  length: number
  max: number
  words: CountWords
}

/**
 * The counter under a limited text field ("45/120"). The numbers are for the eye; a screen reader hears the limit
 * with the field and, in a polite live region, what is left once the text is near the end, so typing is not
 * interrupted by a number on every key. The words come from the caller, so this adds nothing to the first screen's
 * catalog.
 */
export function CharCount({ id, length, max, words }: CharCountProps) {
  const over = length > max
  const near = length >= Math.floor(max * NEAR_SHARE)
  return (
    <p className={`field__count${over ? ' field__count--over' : ''}`}>
      <span id={id} className="visually-hidden">
        {words.limit}
      </span>
      <span aria-hidden="true" data-testid="char-count">
        {formatNumber(length)}/{formatNumber(max)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {over ? words.over : near ? words.left : ''}
      </span>
    </p>
  )
}
