import { describe, expect, it } from 'vitest'
import { coalescedCalls } from '#server/lib/coalesced-calls.ts'

/** A `run` whose calls the test answers by hand, in order. */
function controlledRun() {
  const calls: { items: number[]; answer: () => void; fail: (error: Error) => void }[] = []
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ items, answer: () => resolve(items.map((n) => `stored ${n}`)), fail: reject })
    })
  return { calls, run }
}

describe('calls coalesced while one is on its way', () => {
  it('sends an item alone at once, then everything asked for meanwhile in one call, each answered in its place', async () => {
    const { calls, run } = controlledRun()
    const store = coalescedCalls(run)
    const first = store(1)
    expect(calls.map((call) => call.items)).toEqual([[1]])
    const rest = [store(2), store(3), store(4)]
    expect(calls).toHaveLength(1)
    calls[0]!.answer()
    expect(await first).toBe('stored 1')
    await Promise.resolve()
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4]])
    calls[1]!.answer()
    expect(await Promise.all(rest)).toEqual(['stored 2', 'stored 3', 'stored 4'])
    // Quiet again: the next item goes at once, alone.
    void store(5)
    expect(calls.at(-1)!.items).toEqual([5])
  })

  it('puts at most `most` items in one call', async () => {
    const { calls, run } = controlledRun()
    const store = coalescedCalls(run, 2)
    const all = [1, 2, 3, 4, 5].map((n) => store(n))
    for (let i = 0; calls.length > i; i++) {
      calls[i]!.answer()
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await Promise.all(all)
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3], [4, 5]])
  })

  it('fails the items of a failed call only, and goes on with those asked for after', async () => {
    const { calls, run } = controlledRun()
    const store = coalescedCalls(run)
    const first = store(1)
    const second = [store(2), store(3)]
    calls[0]!.fail(new Error('the database is away'))
    await expect(first).rejects.toThrow('the database is away')
    await Promise.resolve()
    calls[1]!.answer()
    expect(await Promise.all(second)).toEqual(['stored 2', 'stored 3'])
  })
})
