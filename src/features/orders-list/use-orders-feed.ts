import { useCallback, useEffect, useRef, useState } from 'react'
import type { Order } from '#contract/schemas/orders.ts'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { useOrderEvents } from '#src/lib/live-orders.ts'
import { firstAnswer, serverRender } from '#src/lib/server-render.ts'
import { ordersApi } from './api/orders-api.ts'
import { ordersQueryOf } from './orders-query.ts'
import type { OrdersSearch, OrderView } from './orders-search.ts'

export const PER_PAGE = 10

type Feed = {
  orders: Order[]
  /** Pages loaded so far. */
  pages: number
  total: number
  /** Where the next page starts (`meta.next_cursor`); null: nothing after the last page. */
  cursor: string | null
  status: 'loading' | 'ready' | 'failed' | 'loading-more' | 'more-failed'
  offline: boolean
  savedAt: number | null
}
const START: Feed = {
  orders: [],
  pages: 0,
  total: 0,
  cursor: null,
  status: 'loading',
  offline: false,
  savedAt: null,
}
const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0

/**
 * The endless list: the first page (kept on the device for offline use) and then one page more each time the
 * reader reaches the end, asked by the cursor the previous page gave, so a deep page costs the server what the first
 * one does. A new search starts again from the first page.
 */
export function useOrdersFeed(search: OrdersSearch, view: OrderView) {
  const key = JSON.stringify([search, view])
  const [state, setState] = useState<{ key: string; feed: Feed; attempt: number }>(() => ({
    key,
    feed: firstFeed(key, () => ordersQueryOf(search, view, 1, PER_PAGE)),
    attempt: 0,
  }))
  const current = state.key === key ? state : { key, feed: START, attempt: 0 }
  const { attempt } = current

  useEffect(() => {
    let live = true
    const read = () =>
      ordersApi
        .page(ordersQueryOf(search, view, 1, PER_PAGE))
        .then((answer) => {
          if (!live) return
          setState({
            key,
            attempt,
            feed: {
              orders: answer.data.collection,
              pages: 1,
              total: answer.data.meta.total,
              cursor: answer.data.meta.next_cursor ?? null,
              status: 'ready',
              offline: false,
              savedAt: answer.saved ? answer.savedAt : null,
            },
          })
        })
        .catch((error: unknown) => {
          if (live)
            setState({ key, attempt, feed: { ...START, status: 'failed', offline: isOffline(error) } })
        })
    // A page drawn by the server already shows its first page: the fresher one (and the device's copy) is read
    // once the first screen has loaded, as use-saved.ts does.
    if (attempt === 0 && firstAnswer(firstKey(key))) afterFirstLoad(() => (live ? read() : undefined))
    else void read()
    return () => {
      live = false
    }
    // The key stands for search and view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt])

  const { feed } = current
  const hasMore = feed.pages > 0 && feed.savedAt === null && feed.cursor !== null

  const loadMore = useCallback(() => {
    if (!hasMore || feed.status === 'loading-more') return
    const next = feed.pages + 1
    setState((previous) => ({ ...previous, feed: { ...previous.feed, status: 'loading-more' } }))
    const { page: _, ...query } = ordersQueryOf(search, view, next, PER_PAGE)
    ordersApi
      .page({ ...query, cursor: feed.cursor! })
      .then((answer) =>
        setState((previous) => {
          if (previous.key !== key) return previous
          const known = new Set(previous.feed.orders.map((order) => order.id))
          // A cursor never repeats an order; an order the first page showed is still never listed twice.
          const fresh = answer.data.collection.filter((order) => !known.has(order.id))
          return {
            ...previous,
            feed: {
              ...previous.feed,
              orders: [...previous.feed.orders, ...fresh],
              pages: next,
              total: answer.data.meta.total,
              cursor: answer.data.meta.next_cursor ?? null,
              status: 'ready',
            },
          }
        }),
      )
      .catch((error: unknown) =>
        setState((previous) =>
          previous.key === key
            ? { ...previous, feed: { ...previous.feed, status: 'more-failed', offline: isOffline(error) } }
            : previous,
        ),
      )
  }, [feed.pages, feed.status, feed.cursor, hasMore, key, search, view])

  const retry = useCallback(
    () => setState((previous) => ({ key, feed: START, attempt: previous.attempt + 1 })),
    [key],
  )

  useOrderEvents(
    'any',
    useFirstPageRefresh(key, () => ordersQueryOf(search, view, 1, PER_PAGE), setState),
  )

  return { ...feed, hasMore, loadMore, retry }
}

const firstKey = (key: string) => `orders:${key}`

/**
 * The feed a screen starts with: the first page the server read for this page (so the first render in the browser
 * draws what the server's HTML shows), else loading. On the server, a page not read yet is noted for the renderer.
 */
function firstFeed(key: string, query: () => ReturnType<typeof ordersQueryOf>): Feed {
  const answer = firstAnswer(firstKey(key))
  if (answer && 'data' in answer) {
    const page = answer.data as Page
    return {
      ...START,
      orders: page.collection,
      pages: 1,
      total: page.meta.total,
      cursor: page.meta.next_cursor ?? null,
      status: 'ready',
    }
  }
  if (answer) return { ...START, status: 'failed' }
  serverRender()?.wanted.set(firstKey(key), async () => (await ordersApi.page(query())).data)
  return START
}

type FeedState = { key: string; feed: Feed; attempt: number }

/**
 * The first page read again (the socket said an order changed: a new one, a reply, a step): what it lists now comes
 * first and its orders' counts and statuses replace those on screen; the pages loaded after it stay. Events that
 * arrive while a reading is under way make one more reading after it, not one each.
 */
function useFirstPageRefresh(
  key: string,
  firstQuery: () => ReturnType<typeof ordersQueryOf>,
  setState: (update: (previous: FeedState) => FeedState) => void,
) {
  const running = useRef<{ again: boolean } | null>(null)
  const read = (): void => {
    if (running.current) {
      running.current.again = true
      return
    }
    const run = { again: false }
    running.current = run
    ordersApi
      .page(firstQuery())
      .then((answer) => {
        // A copy from the device (no network) is not news.
        if (answer.saved) return
        setState((previous) => (previous.key === key ? withFirstPage(previous, answer.data) : previous))
      })
      .catch(() => undefined)
      .finally(() => {
        running.current = null
        if (run.again) read()
      })
  }
  return read
}

type Page = { collection: Order[]; meta: { total: number; next_cursor?: string | null } }

function withFirstPage(previous: FeedState, page: Page): FeedState {
  const { feed } = previous
  // A list still loading gets the news with its own answer; one that failed keeps its "try again".
  if (feed.status === 'loading' || feed.status === 'failed') return previous
  if (feed.pages <= 1)
    return {
      ...previous,
      feed: {
        ...feed,
        orders: page.collection,
        pages: 1,
        total: page.meta.total,
        cursor: page.meta.next_cursor ?? null,
        savedAt: null,
      },
    }
  const fresh = new Map(page.collection.map((order) => [order.id, order]))
  const later = feed.orders.filter((order) => !fresh.has(order.id))
  return { ...previous, feed: { ...feed, orders: [...page.collection, ...later], total: page.meta.total } }
}
