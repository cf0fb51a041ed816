import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Map as MapLibreMap } from 'maplibre-gl'
import { useRef, useState } from 'react'
import type { OrderMarker } from '#contract/schemas/orders.ts'
import { CITY_ZOOM, TASHKENT_CENTER } from '#src/features/map/map-style.ts'
import { MapView, type MapLibre } from '#src/features/map/map-view.tsx'
import { withUserText } from '#src/lib/user-text.tsx'
import '../orders-list.css'
import { attachOrdersLayer, EMPTY, type MarkerWords, type Shown } from '../orders-map-layer.ts'
import { usePriceText } from '#src/features/order-words/order-words.ts'
import { loadOrdersListCatalog } from '../catalog.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadOrdersListCatalog()

/**
 * Open orders on a map: markers, clusters that zoom in when pressed, an order's card when one is pressed, and the
 * same orders as a list of links under the map for keyboards and screen readers.
 */
export function OrdersMap() {
  const { t } = useLingui()
  const [shown, setShown] = useState<Shown>({ status: 'loading', offline: false, answer: EMPTY })
  const [selected, setSelected] = useState<OrderMarker | null>(null)
  const reload = useRef<() => void>(() => {})
  // The map's handlers live as long as the map; they reach the latest words through this ref, set as the words are
  // (as it was before the layer had a module of its own).
  const words = useRef<MarkerWords>({ zoomIn: (label: string) => label, order: (name: string) => name })
  // eslint-disable-next-line react-hooks/refs -- the words of this render, for handlers that outlive it
  words.current = {
    zoomIn: (label) => t`${label} orders here: zoom in`,
    order: (name) => withUserText((text) => t`Order: ${{ name: text(name) }}`),
  }

  function onReady(map: MapLibreMap, maplibre: MapLibre) {
    const layer = attachOrdersLayer(map, maplibre, { words, select: setSelected, show: setShown })
    reload.current = layer.reload
    return layer.detach
  }

  return (
    <div className="orders-map">
      <div className="orders-map__frame">
        <MapView label={t`Orders on the map`} center={TASHKENT_CENTER} zoom={CITY_ZOOM} onReady={onReady} />
        {selected && <SelectedOrder order={selected} onClose={() => setSelected(null)} />}
      </div>
      {shown.status === 'failed' && (
        <div role="alert" className="orders-feed__problem">
          <p>
            {shown.offline ? (
              <Trans>No internet connection: the orders on the map could not be loaded.</Trans>
            ) : (
              <Trans>The orders on the map could not be loaded.</Trans>
            )}
          </p>
          <button type="button" className="button" onClick={() => reload.current()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      <OrdersInView shown={shown} />
    </div>
  )
}

/** The card of the order pressed on the map. */
function SelectedOrder({ order, onClose }: { order: OrderMarker; onClose: () => void }) {
  const priceText = usePriceText()
  return (
    <div className="orders-map__card" role="dialog" aria-label={order.name}>
      <p className="orders-map__card-name">
        <Link to="/order/$orderId" params={{ orderId: String(order.id) }}>
          {order.name}
        </Link>
      </p>
      <p>{priceText(order)}</p>
      <button type="button" className="button button--small button--secondary" onClick={onClose}>
        <Trans>Close</Trans>
      </button>
    </div>
  )
}

/** The orders in view as a list of links, and how many more the crowded places hold. */
function OrdersInView({ shown }: { shown: Shown }) {
  const { t } = useLingui()
  const priceText = usePriceText()
  const { answer } = shown
  const crowded = answer.areas.reduce((sum, area) => sum + area.count, 0)
  return (
    <section className="orders-map__list" aria-labelledby="orders-in-view">
      <h2 id="orders-in-view">
        <Trans>Orders in this part of the map</Trans>
      </h2>
      <p role="status" className="visually-hidden">
        {shown.status === 'loading' ? t`Loading orders…` : ''}
      </p>
      {shown.status !== 'loading' && answer.collection.length === 0 && crowded === 0 && (
        <p>
          <Trans>No open orders here. Move the map or zoom out to see more.</Trans>
        </p>
      )}
      {answer.collection.length > 0 && (
        <ul>
          {answer.collection.map((order) => (
            <li key={order.id}>
              <Link to="/order/$orderId" params={{ orderId: String(order.id) }}>
                {order.name}
              </Link>{' '}
              — {priceText(order)}
            </li>
          ))}
        </ul>
      )}
      {crowded > 0 && (
        <p>
          <Trans>At least {crowded} more orders in crowded places: zoom in on them to see each order.</Trans>
        </p>
      )}
    </section>
  )
}
