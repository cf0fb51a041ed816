import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import type { Clock } from '#server/lib/clock.ts'

/** What every process is told when an order was written: the open list's pages they keep are stale. */
export type OpenListInvalidation = 'orders-changed'

// Bounds the memory: the pages by number are few, but any valid cursor is a key.
const MAX_PAGES = 2_000

/**
 * The open list's pages, as every guest and specialist reads them, kept for `ttlMs`: the first page of a busy
 * market is asked many times a second and is the same for everyone (docs/decisions/019). A write to an order
 * empties it before the write is answered, in every process with a broadcast (REDIS_URL); while the broadcast is
 * not connected nothing is served from memory. Concurrent readers of a page not yet kept share one database read.
 * `ttlMs` 0 turns it off.
 */
export function createOpenListCache<Page>({
  ttlMs,
  clock,
  broadcast,
}: {
  ttlMs: number
  clock: Clock
  broadcast?: Broadcast<OpenListInvalidation> | undefined
}) {
  const pages = new Map<string, { untilMs: number; page: Promise<Page> }>()

  const serving = () => ttlMs > 0 && (broadcast?.live ?? true)
  // A read still under way when this runs is no longer in `pages`: it answers its own readers, nobody after.
  const forgetHere = () => pages.clear()
  broadcast?.listen(forgetHere)

  return {
    /** The page kept under `key`, or `load`'s, kept for the next readers. */
    read(key: string, load: () => Promise<Page>): Promise<Page> {
      if (!serving()) return load()
      const nowMs = clock.now().getTime()
      const kept = pages.get(key)
      if (kept && kept.untilMs > nowMs) return kept.page
      if (pages.size >= MAX_PAGES) pages.clear()
      const entry = { untilMs: nowMs + ttlMs, page: load() }
      pages.set(key, entry)
      // A failed read is not kept: the next reader tries again.
      entry.page.catch(() => {
        if (pages.get(key) === entry) pages.delete(key)
      })
      return entry.page
    },

    /** An order was written: no process answers a page read before it. */
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
export type OpenListCache<Page> = ReturnType<typeof createOpenListCache<Page>>
