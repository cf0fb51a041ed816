import { useEffect, useState } from 'react'
import type { Saved } from '#src/lib/saved-call.ts'

type State<T> = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & Saved<T>)

/** Runs a saved call once per key and keeps its outcome: loading, failed, or the data (maybe from the device). */
export function useSaved<T>(key: string, load: () => Promise<Saved<T>>): State<T> {
  const [state, setState] = useState<{ key: string; value: State<T> }>({ key, value: { status: 'loading' } })
  useEffect(() => {
    let current = true
    load()
      .then((result) => current && setState({ key, value: { status: 'ready', ...result } }))
      .catch(() => current && setState({ key, value: { status: 'failed' } }))
    return () => {
      current = false
    }
    // `load` is a new closure every render; the key says when the data changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return state.key === key ? state.value : { status: 'loading' }
}
