/** Views of each order, by order id. */
export type ViewCounts = ReadonlyMap<number, number>

/** At most this long between a view and its row update (the issue allows a minute). */
export const VIEWS_FLUSH_EVERY_MS = 10_000

/**
 * Order views counted in memory and written every `everyMs` in one statement (`store`), so that reading an order
 * is not a row update: a popular order read by many at once no longer queues them on its row lock. An answer adds
 * this process's unwritten views to the stored ones; the stored count is behind by at most `everyMs`. `close`
 * writes what is left (shutdown).
 */
export function createViewCounter({
  store,
  everyMs = VIEWS_FLUSH_EVERY_MS,
  onError,
}: {
  store: (counts: ViewCounts) => Promise<void>
  everyMs?: number
  onError: (error: unknown) => void
}) {
  let pending = new Map<number, number>()
  // Taken out of `pending` and being written: still counted in answers until the write is done.
  let writing = new Map<number, number>()
  let last: Promise<void> = Promise.resolve()

  const add = (into: Map<number, number>, id: number, n: number) => into.set(id, (into.get(id) ?? 0) + n)

  async function write() {
    if (pending.size === 0) return
    writing = pending
    pending = new Map()
    try {
      await store(writing)
    } catch (error) {
      // Kept for the next flush rather than lost: a view is only ever written once.
      for (const [id, n] of writing) add(pending, id, n)
      onError(error)
    } finally {
      writing = new Map()
    }
  }

  /** Writes the views counted so far; flushes run one after the other. */
  const flush = () => (last = last.then(write))

  const timer = setInterval(() => void flush(), everyMs)
  // The timer alone never keeps a process alive: shutdown flushes through `close`.
  timer.unref()

  const unwritten = (id: number) => (pending.get(id) ?? 0) + (writing.get(id) ?? 0)

  return {
    /** Counts one view of the order; answers its views not yet written, this one included. */
    count(id: number) {
      add(pending, id, 1)
      return unwritten(id)
    },
    /** The order's views not yet written (the stored count plus these is the count now). */
    unwritten,
    flush,
    async close() {
      clearInterval(timer)
      await flush()
    },
  }
}
export type ViewCounter = ReturnType<typeof createViewCounter>
