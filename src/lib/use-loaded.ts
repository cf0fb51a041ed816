// One thing a screen loads once (a wallet, the bonuses), with a way to try again.
import { useEffect, useState } from 'react'
import { ApiError } from './api-client.ts'

type Loaded<T> = { status: 'loading' } | { status: 'failed'; offline: boolean } | { status: 'ready'; data: T }

/**
 * `load`'s answer: loading, failed (`offline` when there was no network) or ready. `retry` loads it again from
 * "loading". `load` is read on the first render and on each retry only.
 */
export function useLoaded<T>(load: () => Promise<T>) {
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' })
  useEffect(() => {
    let live = true
    load()
      .then((data) => live && setLoaded({ status: 'ready', data }))
      .catch(
        (error: unknown) =>
          live && setLoaded({ status: 'failed', offline: error instanceof ApiError && error.status === 0 }),
      )
    return () => {
      live = false
    }
    // A retry, not a new closure, asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])
  const retry = () => {
    setLoaded({ status: 'loading' })
    setAttempt((count) => count + 1)
  }
  return { ...loaded, offline: loaded.status === 'failed' && loaded.offline, retry }
}
