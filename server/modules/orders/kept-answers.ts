// The memory the public answers are kept in: each answer for `ttlMs`, weighed by its bytes, the least recently read
// let go first past its bounds; a stale answer read again behind its readers.
import LRUCache from 'lru-cache'

/** What is kept: an answer weighs its own bytes, so the memory stays within its bound. */
export type Weighed = { bytes: number }

export function createKeptAnswers({
  ttlMs,
  maxBytes,
  maxAnswers,
}: {
  ttlMs: number
  maxBytes: number
  maxAnswers: number
}) {
  /** `read` once the answer is in; `refreshing` while a stale one is read again behind its readers. */
  type Entry = {
    untilMs: number
    answer: Promise<Weighed>
    bytes: number
    read?: boolean
    refreshing?: boolean
  }
  // The least recently read go first: a flood of boxes asked once does not push out the pages everyone reads.
  const answers = new LRUCache<string, Entry>({
    max: maxAnswers,
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
  })

  /** The answer kept under `key` while it is fresh. */
  const keptAt = <Answer extends Weighed>(key: string, nowMs: number) => {
    const kept = answers.get(key)
    if (kept && kept.untilMs > nowMs) return kept.answer as Promise<Answer>
    if (kept) answers.delete(key)
    return undefined
  }
  const keep = <Answer extends Weighed>(key: string, answer: Promise<Answer>, nowMs: number) => {
    const untilMs = nowMs + ttlMs
    answers.set(key, { untilMs, answer, bytes: 0 })
    const isStill = () => answers.peek(key)?.answer === answer
    answer.then(
      // Weighed once read; an answer heavier than the whole memory is not kept.
      (read) => {
        if (isStill()) answers.set(key, { untilMs, answer, bytes: read.bytes, read: true })
      },
      // A failed read is not kept: the next reader tries again.
      () => {
        if (isStill()) answers.delete(key)
      },
    )
    return answer
  }

  /** Reads stale answers again and keeps them, unless an order was written meanwhile; a failed read keeps nothing. */
  const refresh = <Answer extends Weighed>(
    keys: string[],
    load: (keys: string[]) => Promise<Answer[]>,
    nowMs: number,
  ) => {
    const stale = keys.map((key) => answers.peek(key))
    load(keys).then(
      (all) =>
        keys.forEach((key, index) => {
          if (answers.peek(key) !== stale[index]) return
          const answer = all[index]!
          answers.set(key, {
            untilMs: nowMs + ttlMs,
            answer: Promise.resolve(answer),
            bytes: answer.bytes,
            read: true,
          })
        }),
      () =>
        keys.forEach((key, index) => {
          if (answers.peek(key) === stale[index]) stale[index]!.refreshing = false
        }),
    )
  }

  return { answers, keptAt, keep, refresh }
}
