import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { PagedListStates, PagedRows } from '#src/components/paged-list.tsx'
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
  return (
    <PagedListStates
      list={feed}
      loading={<Trans>Loading orders…</Trans>}
      loadingClassName="orders-feed__status"
      problemClassName="orders-feed__problem"
      offline={<Trans>No internet connection, and this list has not been saved on this device yet.</Trans>}
      failed={<Trans>The orders could not be loaded.</Trans>}
    >
      {() => (
        <section aria-label={t`Orders`} className="orders-feed">
          {feed.savedAt !== null && <SavedNotice savedAt={feed.savedAt} />}
          <PagedRows
            items={feed.orders}
            className="orders-feed__list"
            empty={<div className="orders-feed__empty">{empty}</div>}
            row={(order) => <OrderCard order={order} serviceName={serviceNames.get(order.services[0]!)} />}
          />
          <PagedListEnd
            list={feed}
            problemClassName="orders-feed__problem"
            offline={<Trans>No internet connection: the next orders could not be loaded.</Trans>}
            failed={<Trans>The next orders could not be loaded.</Trans>}
            label={<Trans>Show more orders</Trans>}
          />
        </section>
      )}
    </PagedListStates>
  )
}
