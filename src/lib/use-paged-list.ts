import { useCallback, useEffect, useState } from 'react'
import { afterFirstLoad } from './after-first-load.ts'
import { ApiError } from './api-client.ts'
import { firstAnswer, serverRender } from './server-render.ts'

/**
 * One page of a list as a screen gets it: the rows, the total, whether it is the device's saved copy, and, for a
 * list that pages by keyset, where the next page starts (`meta.next_cursor`; null: this was the last page).
 */
export type ListPage<T> = { items: T[]; total: number; savedAt: number | null; nextCursor?: string | null }

type List<T> = {
  items: T[]
  /** Pages loaded so far. */
  pages: number
  total: number
  /** A page came back short, or without a next cursor: there is nothing after it. */
  done: boolean
  /** Where the next page starts, when the list pages by cursor. */
  cursor: string | undefined
  status: 'loading' | 'ready' | 'failed' | 'loading-more' | 'more-failed'
  offline: boolean
  savedAt: number | null
}
const START: List<never> = {
  items: [],
  pages: 0,
  total: 0,
  done: false,
  cursor: undefined,
  status: 'loading',
  offline: false,
  savedAt: null,
}
const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0
const isLast = <T>(page: ListPage<T>, perPage: number) =>
  page.nextCursor === undefined ? page.items.length < perPage : page.nextCursor === null

const firstPageOf = <T>(page: ListPage<T>, perPage: number): List<T> => ({
  items: page.items,
  pages: 1,
  total: page.total,
  done: isLast(page, perPage),
  cursor: page.nextCursor ?? undefined,
  status: 'ready',
  offline: false,
  savedAt: page.savedAt,
})

/**
 * The list a screen starts with: the first page the server read for this page (the browser's first render draws
 * what the server's HTML shows), else loading. On the server, a list without an answer is noted for the renderer.
 */
function firstList<T>(key: string, loadPage: () => Promise<ListPage<T>>, perPage: number): List<T> {
  const answer = firstAnswer(`list:${key}`)
  if (answer)
    return 'data' in answer
      ? firstPageOf(answer.data as ListPage<T>, perPage)
      : { ...START, status: 'failed' }
  serverRender()?.wanted.set(`list:${key}`, loadPage)
  return START
}

/**
 * An endless list of `{ collection, meta }` pages: the first page, then one page more on each `loadMore`, asked
 * after the cursor the page before gave when the list has one (else by number). A new `key` (another search)
 * starts again from the first page. A row already listed is not listed twice when rows added or changed meanwhile
 * shift the pages. A saved copy (no network) is one page and has no "more".
 */
export function usePagedList<T extends { id: number }>(
  key: string,
  loadPage: (page: number, cursor: string | undefined) => Promise<ListPage<T>>,
  perPage: number,
) {
  const first = () => firstList(key, () => loadPage(1, undefined), perPage)
  const [state, setState] = useState<{ key: string; list: List<T>; attempt: number }>(() => ({
    key,
    list: first(),
    attempt: 0,
  }))
  const current = state.key === key ? state : { key, list: first(), attempt: 0 }
  const { attempt } = current

  useEffect(() => {
    let live = true
    const refresh = () =>
      loadPage(1, undefined)
        .then((page) => {
          if (!live) return
          setState({ key, attempt, list: firstPageOf(page, perPage) })
        })
        .catch((error: unknown) => {
          if (live)
            setState({ key, attempt, list: { ...START, status: 'failed', offline: isOffline(error) } })
        })
    // A page drawn by the server already shows its first page: as in useSaved, the fresher copy waits for the first
    // load, so that rows changed since the server drew the page never reach a part of it still being taken over.
    if (attempt === 0 && firstAnswer(`list:${key}`)) afterFirstLoad(() => (live ? refresh() : undefined))
    else void refresh()
    return () => {
      live = false
    }
    // The key stands for what loadPage asks; loadPage is a new closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt])

  const { list } = current
  // A cursor says itself whether there is more; a total may be capped below the length of the list.
  const hasMore =
    list.pages > 0 &&
    list.savedAt === null &&
    !list.done &&
    (list.cursor !== undefined || list.items.length < list.total)

  const loadMore = useCallback(() => {
    if (!hasMore || list.status === 'loading-more') return
    const next = list.pages + 1
    setState((previous) => ({ ...previous, list: { ...previous.list, status: 'loading-more' } }))
    loadPage(next, list.cursor)
      .then((page) =>
        setState((previous) => {
          if (previous.key !== key) return previous
          const known = new Set(previous.list.items.map((item) => item.id))
          const fresh = page.items.filter((item) => !known.has(item.id))
          return {
            ...previous,
            list: {
              ...previous.list,
              items: [...previous.list.items, ...fresh],
              pages: next,
              total: page.total,
              done: isLast(page, perPage),
              cursor: page.nextCursor ?? undefined,
              status: 'ready',
            },
          }
        }),
      )
      .catch((error: unknown) =>
        setState((previous) =>
          previous.key === key
            ? { ...previous, list: { ...previous.list, status: 'more-failed', offline: isOffline(error) } }
            : previous,
        ),
      )
    // loadPage follows the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.pages, list.status, list.cursor, hasMore, key, perPage])

  const retry = useCallback(
    () => setState((previous) => ({ key, list: START as List<T>, attempt: previous.attempt + 1 })),
    [key],
  )

  return { ...list, hasMore, loadMore, retry }
}
