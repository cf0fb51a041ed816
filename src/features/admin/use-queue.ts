import { useCallback, useEffect, useRef, useState } from 'react'
import type { Submission } from '#contract/schemas/verification.ts'
import { adminApi } from './admin-api.ts'

type Queue = {
  items: Submission[]
  cursor: string | null
  status: 'loading' | 'ready' | 'failed' | 'loading-more' | 'more-failed'
}

/**
 * A photo's link failing again this soon after the last refetch is not an expired link (a file deleted meanwhile,
 * a server that cannot read it): the queue is not fetched in a loop for it.
 */
const REFETCH_GAP_MS = 30_000

/**
 * The documents waiting for review, oldest first: the first page, more after the cursor, an item taken out once
 * decided, and the whole list fetched again when a photo's signed link has expired (they work for 5 minutes).
 */
export function useQueue() {
  const [queue, setQueue] = useState<Queue>({ items: [], cursor: null, status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const lastRefetch = useRef(0)

  useEffect(() => {
    let live = true
    adminApi
      .queue()
      .then((page) => {
        if (live) setQueue({ items: page.collection, cursor: page.next_cursor, status: 'ready' })
      })
      .catch(() => {
        if (live) setQueue((previous) => ({ ...previous, status: 'failed' }))
      })
    return () => {
      live = false
    }
  }, [attempt])

  const loadMore = useCallback(() => {
    if (queue.cursor === null || queue.status === 'loading-more') return
    setQueue((previous) => ({ ...previous, status: 'loading-more' }))
    adminApi
      .queue(queue.cursor)
      .then((page) =>
        setQueue((previous) => {
          const known = new Set(previous.items.map((item) => item.id))
          const fresh = page.collection.filter((item) => !known.has(item.id))
          return { items: [...previous.items, ...fresh], cursor: page.next_cursor, status: 'ready' }
        }),
      )
      .catch(() => setQueue((previous) => ({ ...previous, status: 'more-failed' })))
  }, [queue.cursor, queue.status])

  const remove = useCallback(
    (id: number) =>
      setQueue((previous) => ({ ...previous, items: previous.items.filter((item) => item.id !== id) })),
    [],
  )

  /** A photo did not load: its link has most likely expired, and the queue comes again with fresh ones. */
  const refetchLinks = useCallback(() => {
    const now = Date.now()
    if (now - lastRefetch.current < REFETCH_GAP_MS) return
    lastRefetch.current = now
    setAttempt((value) => value + 1)
  }, [])

  const retry = useCallback(() => {
    setQueue({ items: [], cursor: null, status: 'loading' })
    setAttempt((value) => value + 1)
  }, [])

  return { ...queue, hasMore: queue.cursor !== null, loadMore, remove, refetchLinks, retry }
}
