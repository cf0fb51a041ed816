import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import type { Clock } from '#server/lib/clock.ts'
import { createAskedAgain } from './asked-again.ts'
import { createKeptAnswers, type Weighed } from './kept-answers.ts'

export type { Weighed }

/** What every process is told when an order was written: the order answers they keep are stale. */
export type PublicAnswersInvalidation = 'orders-changed'

// Any valid cursor, box or map cell is a key: the memory is bounded by what it holds, not by what may be asked.
const MAX_ANSWERS = 20_000
/** A box of 100 cards is about 50 KB, a map cell under 2 KB: a small share of a process's memory. */
const MAX_BYTES = 32 * 1024 * 1024

/**
 * The answers about open orders that are the same for everyone (docs/decisions/019): the open list's pages with
 * any filter, a list in a map box, the map's answers and the cells of the map's grid they are made of. A busy
 * market's first page, and the part of a city everyone's map shows, are asked many times a second; each is kept
 * for `ttlMs`. A write to an order empties the memory before the write is answered, in every process with a
 * broadcast (REDIS_URL); while the broadcast is not connected nothing is served from memory. Concurrent readers of
 * an answer not yet kept share one database read. `ttlMs` 0 turns it off. Past `maxAnswers` answers or `maxBytes`
 * in all, the least recently read answers are let go.
 */
export function createPublicAnswers({
  ttlMs,
  clock,
  broadcast,
  maxBytes = MAX_BYTES,
  maxAnswers = MAX_ANSWERS,
}: {
  ttlMs: number
  clock: Clock
  broadcast?: Broadcast<PublicAnswersInvalidation> | undefined
  maxBytes?: number
  maxAnswers?: number
}) {
  const { answers, keptAt, keep, refresh } = createKeptAnswers({ ttlMs, maxBytes, maxAnswers })
  const askedAgain = createAskedAgain(ttlMs)
  const serving = () => ttlMs > 0 && (broadcast?.live ?? true)
  // A read still under way when this runs is no longer in `answers`: it answers its own readers, nobody after.
  const forgetHere = () => answers.clear()
  broadcast?.listen(forgetHere)

  return {
    /**
     * The answer kept under `key`, or `load`'s, kept for the next readers. With `once: 'wait for a second ask'` an
     * answer is kept only when its key is asked again within `ttlMs`: a heavy answer most keys of which are asked
     * once (a list in a box) is then not written into the memory only to be let go, which costs its readers more
     * than it saves.
     */
    read<Answer extends Weighed>(
      key: string,
      load: () => Promise<Answer>,
      { once = 'keep' }: { once?: 'keep' | 'wait for a second ask' } = {},
    ): Promise<Answer> {
      if (!serving()) return load()
      const nowMs = clock.now().getTime()
      const kept = keptAt<Answer>(key, nowMs)
      if (kept) return kept
      if (once === 'wait for a second ask' && !askedAgain(key, nowMs)) return load()
      return keep(key, load(), nowMs)
    },

    /**
     * The answers kept under `keys`, in their order; the ones not kept are read by one call of `load`, which answers
     * each of the keys it is given, in their order. These are the parts many answers are made of (the map's cells):
     * one that has just gone stale is still answered, for at most another `ttlMs`, while one call of `load` reads
     * it again behind its readers, so that nobody waits for a part everyone reads.
     */
    readMany<Answer extends Weighed>(
      keys: string[],
      load: (missing: string[]) => Promise<Answer[]>,
    ): Promise<Answer[]> {
      if (!serving()) return load(keys)
      const nowMs = clock.now().getTime()
      const found: (Promise<Answer> | undefined)[] = []
      const missing: string[] = []
      const stale: string[] = []
      for (const key of keys) {
        const kept = answers.get(key)
        const fresh = kept && (kept.untilMs > nowMs || !kept.read)
        const usable = kept && (fresh || kept.untilMs + ttlMs > nowMs)
        found.push(usable ? (kept.answer as Promise<Answer>) : undefined)
        if (!usable) missing.push(key)
        else if (!fresh && !kept.refreshing) {
          kept.refreshing = true
          stale.push(key)
        }
      }
      if (stale.length > 0) refresh(stale, load, nowMs)
      if (missing.length === 0) return Promise.all(found as Promise<Answer>[])
      const loaded = load(missing)
      const loadedOf = new Map(
        missing.map((key, index) => [
          key,
          keep(
            key,
            loaded.then((all) => all[index]!),
            nowMs,
          ),
        ]),
      )
      return Promise.all(keys.map((key, index) => found[index] ?? loadedOf.get(key)!))
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
export type PublicAnswers = ReturnType<typeof createPublicAnswers>
