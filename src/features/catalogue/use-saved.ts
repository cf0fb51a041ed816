import { useEffect, useState } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { ApiError } from '#src/lib/api-error.ts'
import type { Saved } from '#src/lib/saved-call.ts'
import { firstAnswer, serverRender } from '#src/lib/server-render.ts'

type State<T> =
  | { status: 'loading' }
  /** `offline`: no network and no copy on the device, as opposed to an answer such as 404. */
  | { status: 'failed'; offline: boolean }
  | ({ status: 'ready' } & Saved<T>)

/**
 * The state a screen starts in: what the server read for this page (so the first render in the browser draws what
 * the server's HTML shows), else loading. On the server, a key without an answer is noted for the renderer to read.
 */
function firstState<T>(key: string, load: () => Promise<Saved<T>>): State<T> {
  const answer = firstAnswer(key)
  if (answer) return 'data' in answer ? { status: 'ready', data: answer.data as T, saved: false } : FAILED
  serverRender()?.wanted.set(key, async () => (await load()).data)
  return { status: 'loading' }
}
const FAILED = { status: 'failed', offline: false } as const

/** Runs a saved call once per key and keeps its outcome: loading, failed, or the data (maybe from the device). */
export function useSaved<T>(key: string, load: () => Promise<Saved<T>>): State<T> {
  const [state, setState] = useState<{ key: string; value: State<T> }>(() => ({
    key,
    value: firstState(key, load),
  }))
  useEffect(() => {
    let current = true
    const refresh = () =>
      load()
        .then((result) => current && setState({ key, value: { status: 'ready', ...result } }))
        .catch(
          (error: unknown) =>
            current &&
            setState({
              key,
              value: { status: 'failed', offline: error instanceof ApiError && error.status === 0 },
            }),
        )
    // A page drawn by the server already shows its answer: asking again (for a fresher copy, and one kept on the
    // device) waits until the first screen has loaded, so the phone spends its first seconds on the page itself.
    if (firstAnswer(key)) afterFirstLoad(() => (current ? refresh() : undefined))
    else void refresh()
    return () => {
      current = false
    }
    // `load` is a new closure every render; the key says when the data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return state.key === key ? state.value : firstState(key, load)
}
