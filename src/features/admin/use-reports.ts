import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import type { AdminReport } from '#contract/schemas/reports.ts'
import { reportsApi } from './reports-api.ts'

export type ReportsList = {
  items: AdminReport[]
  cursor: string | null
  status: 'loading' | 'ready' | 'failed'
}

export const keyOf = (report: AdminReport) => `${report.kind}-${report.id}`

/** The pending reports, newest first: the first page, more after the cursor, and the first again on a retry. */
export function useReports(): {
  list: ReportsList
  setList: Dispatch<SetStateAction<ReportsList>>
  loadMore: () => void
  retry: () => void
} {
  const [list, setList] = useState<ReportsList>({ items: [], cursor: null, status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    reportsApi
      .list()
      .then((page) => live && setList({ items: page.collection, cursor: page.next_cursor, status: 'ready' }))
      .catch(() => live && setList((previous) => ({ ...previous, status: 'failed' })))
    return () => {
      live = false
    }
  }, [attempt])

  const loadMore = useCallback(() => {
    if (list.cursor === null) return
    reportsApi
      .list(list.cursor)
      .then((page) =>
        setList((previous) => {
          const known = new Set(previous.items.map(keyOf))
          const fresh = page.collection.filter((item) => !known.has(keyOf(item)))
          return { items: [...previous.items, ...fresh], cursor: page.next_cursor, status: 'ready' }
        }),
      )
      .catch(() => setList((previous) => ({ ...previous, status: 'failed' })))
  }, [list.cursor])

  return { list, setList, loadMore, retry: () => setAttempt((value) => value + 1) }
}
