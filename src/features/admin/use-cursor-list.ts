import { useCallback, useEffect, useState } from 'react'

type Page<T> = { collection: T[]; next_cursor: string | null }
type List<T> = {
  items: T[]
  cursor: string | null
  status: 'loading' | 'ready' | 'failed' | 'loading-more' | 'more-failed'
}

/**
 * A moderation list paged by cursor (the proposed services, the reviews): the first page, more after the cursor, an
 * item taken out once decided or replaced once changed, and the whole list again for a new `key` (a filter).
 */
export function useCursorList<T extends { id: number }>(
  key: string,
  load: (cursor?: string) => Promise<Page<T>>,
) {
  const [state, setState] = useState<{ key: string; attempt: number; list: List<T> }>({
    key,
    attempt: 0,
    list: { items: [], cursor: null, status: 'loading' },
  })
  const current =
    state.key === key
      ? state
      : { key, attempt: 0, list: { items: [], cursor: null, status: 'loading' as const } }
  const { attempt } = current

  useEffect(() => {
    let live = true
    load()
      .then((page) => {
        if (live)
          setState({
            key,
            attempt,
            list: { items: page.collection, cursor: page.next_cursor, status: 'ready' },
          })
      })
      .catch(() => {
        if (live) setState({ key, attempt, list: { items: [], cursor: null, status: 'failed' } })
      })
    return () => {
      live = false
    }
    // The key stands for what `load` asks; `load` is a new closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt])

  const { list } = current
  const update = useCallback(
    (change: (list: List<T>) => List<T>) =>
      setState((previous) =>
        previous.key === key ? { ...previous, list: change(previous.list) } : previous,
      ),
    [key],
  )

  const loadMore = useCallback(() => {
    if (list.cursor === null || list.status === 'loading-more') return
    update((previous) => ({ ...previous, status: 'loading-more' }))
    load(list.cursor)
      .then((page) =>
        update((previous) => {
          const known = new Set(previous.items.map((item) => item.id))
          const fresh = page.collection.filter((item) => !known.has(item.id))
          return { items: [...previous.items, ...fresh], cursor: page.next_cursor, status: 'ready' }
        }),
      )
      .catch(() => update((previous) => ({ ...previous, status: 'more-failed' })))
    // `load` follows the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.cursor, list.status, update])

  const remove = useCallback(
    (id: number) =>
      update((previous) => ({ ...previous, items: previous.items.filter((item) => item.id !== id) })),
    [update],
  )
  const replace = useCallback(
    (item: T) =>
      update((previous) => ({
        ...previous,
        items: previous.items.map((old) => (old.id === item.id ? item : old)),
      })),
    [update],
  )
  const retry = useCallback(
    () => setState({ key, attempt: attempt + 1, list: { items: [], cursor: null, status: 'loading' } }),
    [key, attempt],
  )

  return { ...list, hasMore: list.cursor !== null, loadMore, remove, replace, retry }
}
