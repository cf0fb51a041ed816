// The scaffolding every paged list screen shares (orders, specialists, reviews, notifications, conversations, the
// wallet's lists; and the wallet and bonuses, loaded once by src/lib/use-loaded.ts): the first page loading, its
// failure with a way to try again, and the rows or what stands for none.
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** The first page of a list of src/lib/use-paged-list.ts (or anything loaded the same way) as its screen sees it. */
type FirstPage = { status: string; offline: boolean; retry: () => void }

/**
 * Loading (`loading`, a status), or why the first page failed (`offline` without a network when given, else
 * `failed`) with "Try again"; once it is there, `children` draws the list.
 */
export function PagedListStates({
  list,
  loading,
  loadingClassName,
  problemClassName,
  retryClassName = 'button',
  offline,
  failed,
  children,
}: {
  list: FirstPage
  loading: ReactNode
  loadingClassName?: string
  problemClassName?: string
  retryClassName?: string
  offline?: ReactNode
  failed: ReactNode
  children: () => ReactNode
}) {
  if (list.status === 'loading')
    return (
      <p role="status" className={loadingClassName}>
        {loading}
      </p>
    )
  if (list.status === 'failed')
    return (
      <div role="alert" className={problemClassName}>
        <p>{list.offline && offline !== undefined ? offline : failed}</p>
        <button type="button" className={retryClassName} onClick={list.retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  return <>{children()}</>
}

/**
 * The rows of a list, each an item (`rowClassName`) of `<ul className={className}>` between `lead` (a total, say) and
 * `end` (the way to more), or `empty` when there are none.
 */
export function PagedRows<T extends { id: number | string }>({
  items,
  className,
  label,
  rowClassName,
  lead,
  end,
  empty,
  row,
}: {
  items: readonly T[]
  className: string
  label?: string
  rowClassName?: string
  lead?: ReactNode
  end?: ReactNode
  empty: ReactNode
  row: (item: T) => ReactNode
}) {
  if (items.length === 0) return <>{empty}</>
  return (
    <>
      {lead}
      <ul className={className} aria-label={label}>
        {items.map((item) => (
          <li key={item.id} className={rowClassName}>
            {row(item)}
          </li>
        ))}
      </ul>
      {end}
    </>
  )
}
