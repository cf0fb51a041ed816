import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import type { Clock } from '#server/lib/clock.ts'

/** What every process is told when an order was written: the order answers they keep are stale. */
export type PublicAnswersInvalidation = 'orders-changed'

// Any valid cursor or box is a key: the memory is bounded by what it holds, not by what may be asked.
const MAX_ANSWERS = 2_000
/** A box of 100 cards is about 50 KB: a few hundred busy boxes and pages, a small share of a process's memory. */
const MAX_BYTES = 32 * 1024 * 1024

/**
 * The answers about open orders that are the same for everyone (docs/decisions/019): the open list's pages with
 * any filter, a list in a map box, and the map's markers. A busy market's first page, and the box a city's map
 * opens on, are asked many times a second; each is kept for `ttlMs`. A write to an order empties the memory before
 * the write is answered, in every process with a broadcast (REDIS_URL); while the broadcast is not connected
 * nothing is served from memory. Concurrent readers of an answer not yet kept share one database read. `ttlMs` 0
 * turns it off. `sizeOf` weighs an answer once it is read; past MAX_BYTES in all, the memory starts over.
 */
export function createPublicAnswers<Answer>({
  ttlMs,
  clock,
  broadcast,
  sizeOf = () => 0,
  maxBytes = MAX_BYTES,
}: {
  ttlMs: number
  clock: Clock
  broadcast?: Broadcast<PublicAnswersInvalidation> | undefined
  sizeOf?: (answer: Answer) => number
  maxBytes?: number
}) {
  const answers = new Map<string, { untilMs: number; answer: Promise<Answer>; bytes: number }>()
  let bytes = 0

  const serving = () => ttlMs > 0 && (broadcast?.live ?? true)
  // A read still under way when this runs is no longer in `answers`: it answers its own readers, nobody after.
  const forgetHere = () => {
    answers.clear()
    bytes = 0
  }
  broadcast?.listen(forgetHere)

  return {
    /** The answer kept under `key`, or `load`'s, kept for the next readers. */
    read(key: string, load: () => Promise<Answer>): Promise<Answer> {
      if (!serving()) return load()
      const nowMs = clock.now().getTime()
      const kept = answers.get(key)
      if (kept && kept.untilMs > nowMs) return kept.answer
      if (kept) bytes -= kept.bytes
      if (answers.size >= MAX_ANSWERS || bytes > maxBytes) forgetHere()
      const entry = { untilMs: nowMs + ttlMs, answer: load(), bytes: 0 }
      answers.set(key, entry)
      entry.answer.then(
        (answer) => {
          if (answers.get(key) !== entry) return
          entry.bytes = sizeOf(answer)
          bytes += entry.bytes
        },
        // A failed read is not kept: the next reader tries again.
        () => {
          if (answers.get(key) === entry) answers.delete(key)
        },
      )
      return entry.answer
    },

    /** An order was written: no process answers from what it read before. */
    async forget() {
      forgetHere()
      await broadcast?.publish('orders-changed')
    },

    get serving() {
      return serving()
    },

    close: () => broadcast?.close() ?? Promise.resolve(),
  }
}
export type PublicAnswers<Answer> = ReturnType<typeof createPublicAnswers<Answer>>
