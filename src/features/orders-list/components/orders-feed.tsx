import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type ReactNode } from 'react'
import { useInView } from 'react-intersection-observer'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import '../orders-list.css'
import type { OrdersSearch, OrderView } from '../orders-search.ts'
import { useCatalogueChoices } from '../use-catalogue-choices.ts'
import { useOrdersFeed } from '../use-orders-feed.ts'
import { OrderCard } from './order-card.tsx'
import { loadOrdersListCatalog } from '../catalog.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadOrdersListCatalog()

// The next page starts loading a little before the end of the list is reached.
const LOAD_AHEAD_MARGIN = '400px 0px'

/**
 * The orders of a search, a page at a time: the next page loads as the end of the list scrolls into view, or with
 * the "more" button (keyboards, screen readers, browsers without IntersectionObserver).
 */
export function OrdersFeed({
  search,
  view,
  empty,
}: {
  search: OrdersSearch
  view: OrderView
  empty: ReactNode
}) {
  const { t } = useLingui()
  const feed = useOrdersFeed(search, view)
  const { serviceNames } = useCatalogueChoices()
  const { ref: endRef, inView: endInView } = useInView({
    rootMargin: LOAD_AHEAD_MARGIN,
    fallbackInView: false,
  })
  const { hasMore, loadMore, status } = feed

  useEffect(() => {
    if (endInView && hasMore && status === 'ready') loadMore()
  }, [endInView, hasMore, status, loadMore])

  if (feed.status === 'loading') {
    return (
      <p role="status" className="orders-feed__status">
        <Trans>Loading orders…</Trans>
      </p>
    )
  }
  if (feed.status === 'failed') {
    return (
      <div role="alert" className="orders-feed__problem">
        <p>
          {feed.offline ? (
            <Trans>No internet connection, and this list has not been saved on this device yet.</Trans>
          ) : (
            <Trans>The orders could not be loaded.</Trans>
          )}
        </p>
        <button type="button" className="button" onClick={feed.retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  return (
    <section aria-label={t`Orders`} className="orders-feed">
      {feed.savedAt !== null && <SavedNotice savedAt={feed.savedAt} />}
      {feed.orders.length === 0 ? (
        <div className="orders-feed__empty">{empty}</div>
      ) : (
        <ul className="orders-feed__list">
          {feed.orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} serviceName={serviceNames.get(order.services[0]!)} />
            </li>
          ))}
        </ul>
      )}
      {feed.status === 'more-failed' && (
        <p role="alert" className="orders-feed__problem">
          {feed.offline ? (
            <Trans>No internet connection: the next orders could not be loaded.</Trans>
          ) : (
            <Trans>The next orders could not be loaded.</Trans>
          )}
        </p>
      )}
      {feed.hasMore && (
        <div ref={endRef} className="orders-feed__more">
          <button
            type="button"
            className="button button--secondary"
            onClick={loadMore}
            disabled={status === 'loading-more'}
          >
            {status === 'loading-more' ? <Trans>Loading…</Trans> : <Trans>Show more orders</Trans>}
          </button>
        </div>
      )}
    </section>
  )
}
