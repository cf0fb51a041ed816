import { Trans } from '@lingui/react/macro'
import { useEffect, type ReactNode } from 'react'
import { useInView } from 'react-intersection-observer'

// The next page starts loading a little before the end of the list is reached.
const LOAD_AHEAD_MARGIN = '400px 0px'

/**
 * The end of an endless list: the next page loads as it scrolls into view, or with its button (keyboards, screen
 * readers, browsers without IntersectionObserver). "Loading…" is in the app's catalog.
 */
export function LoadMore({
  loading,
  ready,
  onMore,
  label,
}: {
  loading: boolean
  /** Nothing is loading or failed: reaching the end may load the next page. */
  ready: boolean
  onMore: () => void
  label: ReactNode
}) {
  const { ref, inView } = useInView({ rootMargin: LOAD_AHEAD_MARGIN, fallbackInView: false })
  useEffect(() => {
    if (inView && ready) onMore()
  }, [inView, ready, onMore])
  return (
    <div ref={ref} className="load-more">
      <button type="button" className="button button--secondary" onClick={onMore} disabled={loading}>
        {loading ? <Trans>Loading…</Trans> : label}
      </button>
    </div>
  )
}

/**
 * The end of a list of src/lib/use-paged-list.ts: why the next page failed (`offline` says it without a network
 * when given, else `failed`), then the way to the next page while there is one.
 */
export function PagedListEnd({
  list,
  failed,
  offline,
  problemClassName,
  label,
}: {
  list: { status: string; hasMore: boolean; loadMore: () => void; offline?: boolean }
  failed: ReactNode
  offline?: ReactNode
  problemClassName: string
  label: ReactNode
}) {
  return (
    <>
      {list.status === 'more-failed' && (
        <p role="alert" className={problemClassName}>
          {list.offline && offline !== undefined ? offline : failed}
        </p>
      )}
      {list.hasMore && (
        <LoadMore
          loading={list.status === 'loading-more'}
          ready={list.status === 'ready'}
          onMore={list.loadMore}
          label={label}
        />
      )}
    </>
  )
}
