import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { viewOf } from '../orders-query.ts'
import type { OrdersSearch } from '../orders-search.ts'
import { useCatalogueChoices } from '../use-catalogue-choices.ts'
import { useOrderWords } from '#src/features/order-words/order-words.ts'
import { OrdersFeed } from './orders-feed.tsx'
import { OrdersFilters } from './orders-filters.tsx'
import { OrdersTabs } from './orders-tabs.tsx'

// The specialist's day leads their orders; its code and messages load with it, only for a specialist.
const DayAhead = lazy(() => import('#src/features/workday/components/day-ahead.tsx'))

const filtersKey = ({ view: _view, tab: _tab, ...filters }: OrdersSearch) => JSON.stringify(filters)

/**
 * A guest sees the open orders; a customer their own, by status; a specialist the open orders to reply to and,
 * under "My orders", those they replied to or were chosen for.
 */
export function OrdersScreen() {
  const { t } = useLingui()
  // Through the hooks rather than Route.*: the screen's chunk then does not share this file with the app's first
  // load, which would ship this route's definition as a chunk of its own.
  const search = useSearch({ from: '/orders/' })
  const navigate = useNavigate({ from: '/orders/' })
  const visitor = useSession((state) => (state.token ? (state.profile?.type ?? 'customer') : 'guest'))
  const view = viewOf(search, visitor)
  const { categories } = useCatalogueChoices()
  const { statuses } = useOrderWords()
  const tab = view === 'open' ? 'open' : (search.tab ?? 'open')
  const tabName = statuses[tab]

  return (
    <ScreenLayout
      title={view === 'mine' ? t`My orders` : t`Open orders`}
      description={t`Orders for services in Uzbekistan: filter by service, price, date and place.`}
    >
      {visitor === 'customer' && (
        // A new order starts from a service: the home page's categories (its `order` search scrolls to them).
        <Link to="/" search={{ order: 1 }} className="button">
          <Trans>Create an order</Trans>
        </Link>
      )}
      {visitor === 'executor' && (
        <Suspense fallback={null}>
          <DayAhead />
        </Suspense>
      )}
      <nav aria-label={t`Other views`} className="orders-links">
        {visitor === 'executor' && (
          <>
            {/* A specialist's day comes first: where to be today, before more work to find. */}
            <Link to="/orders/today" className="chip">
              <Trans>Today</Trans>
            </Link>
            <Link
              to="/orders"
              search={{ ...search, view: 'open', tab: undefined }}
              aria-current={view === 'open' ? 'page' : undefined}
              className="chip"
            >
              <Trans>Open orders</Trans>
            </Link>
            <Link
              to="/orders"
              search={{ ...search, view: 'mine' }}
              aria-current={view === 'mine' ? 'page' : undefined}
              className="chip"
            >
              <Trans>My orders</Trans>
            </Link>
          </>
        )}
        {visitor !== 'guest' && (
          <>
            <Link to="/orders/map" className="chip">
              <Trans>On the map</Trans>
            </Link>
            <Link to="/direct/order" className="chip">
              <Trans>Direct orders</Trans>
            </Link>
          </>
        )}
      </nav>
      {view === 'mine' && <OrdersTabs current={tab} search={search} />}
      <OrdersFilters
        key={filtersKey(search)}
        search={search}
        categories={categories}
        onApply={(filters) => void navigate({ search: (previous) => ({ ...previous, ...filters }) })}
      />
      <OrdersFeed
        search={search}
        view={view}
        empty={
          <p>
            {view === 'mine' ? (
              <Trans>You have no orders in "{tabName}".</Trans>
            ) : (
              <Trans>No open orders match these filters.</Trans>
            )}
          </p>
        }
      />
    </ScreenLayout>
  )
}
