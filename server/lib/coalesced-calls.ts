type Waiting<I, O> = { item: I; resolve: (output: O) => void; reject: (error: unknown) => void }

/**
 * One call for many: items asked for while a call is on its way go together in the next one, at most `most` at a
 * time. An item alone goes at once, so a quiet moment waits for nothing; a burst (every conversation's message of
 * the same second) costs the database one statement per round trip instead of one per item. `run` answers each
 * item in its place; when it throws, every item of that call fails with the error.
 */
export function coalescedCalls<I, O>(run: (items: I[]) => Promise<O[]>, most = 500) {
  let waiting: Waiting<I, O>[] = []
  let running = false

  async function drain() {
    running = true
    while (waiting.length > 0) {
      const batch = waiting.slice(0, most)
      waiting = waiting.slice(batch.length)
      try {
        const outputs = await run(batch.map((entry) => entry.item))
        batch.forEach((entry, index) => entry.resolve(outputs[index]!))
      } catch (error) {
        for (const entry of batch) entry.reject(error)
      }
    }
    running = false
  }

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!running) void drain()
    })
}
