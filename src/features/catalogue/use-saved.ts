import { useEffect, useState } from 'react'
import { ApiError } from '#src/lib/api-client.ts'
import type { Saved } from '#src/lib/saved-call.ts'

type State<T> =
  | { status: 'loading' }
  /** `offline`: no network and no copy on the device, as opposed to an answer such as 404. */
  | { status: 'failed'; offline: boolean }
  | ({ status: 'ready' } & Saved<T>)

/** Runs a saved call once per key and keeps its outcome: loading, failed, or the data (maybe from the device). */
export function useSaved<T>(key: string, load: () => Promise<Saved<T>>): State<T> {
  const [state, setState] = useState<{ key: string; value: State<T> }>({ key, value: { status: 'loading' } })
  useEffect(() => {
    let current = true
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
    return () => {
      current = false
    }
    // `load` is a new closure every render; the key says when the data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return state.key === key ? state.value : { status: 'loading' }
}
