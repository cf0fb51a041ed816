import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl'
import { useRef, useState } from 'react'
import type { OrderMarker, OrdersMapResponse } from '#contract/schemas/orders.ts'
import { CITY_ZOOM, TASHKENT_CENTER } from '#src/features/map/map-style.ts'
import { MapView, type MapLibre } from '#src/features/map/map-view.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import '../orders-list.css'
import { ordersApi } from '../api/orders-api.ts'
import { boxAround } from '../map-box.ts'
import { CLUSTER_PROPERTIES, countLabel, featuresOf, type MarkerProperties } from '../map-features.ts'
import { usePriceText } from '#src/features/order-words/order-words.ts'
import { loadOrdersListCatalog } from '../catalog.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadOrdersListCatalog()

// Panning fires many moves: the box is asked for once the map has been still this long.
const MOVE_DEBOUNCE_MS = 300
const SOURCE = 'orders'
const EMPTY: OrdersMapResponse = { collection: [], areas: [] }

type Shown = { status: 'loading' | 'ready' | 'failed'; offline: boolean; answer: OrdersMapResponse }

/**
 * Open orders on a map: markers, clusters that zoom in when pressed, an order's card when one is pressed, and the
 * same orders as a list of links under the map for keyboards and screen readers.
 */
export function OrdersMap() {
  const { t } = useLingui()
  const priceText = usePriceText()
  const [shown, setShown] = useState<Shown>({ status: 'loading', offline: false, answer: EMPTY })
  const [selected, setSelected] = useState<OrderMarker | null>(null)
  const reload = useRef<() => void>(() => {})
  // The handlers below live as long as the map; they reach the latest words through this ref.
  const words = useRef({ zoomIn: (label: string) => label, order: (name: string) => name })
  words.current = {
    zoomIn: (label) => t`${label} orders here: zoom in`,
    order: (name) => withUserText((text) => t`Order: ${{ name: text(name) }}`),
  }

  function onReady(map: MapLibreMap, maplibre: MapLibre) {
    map.addSource(SOURCE, {
      type: 'geojson',
      data: featuresOf(EMPTY),
      cluster: true,
      clusterRadius: 48,
      clusterMaxZoom: 16,
      clusterProperties: CLUSTER_PROPERTIES,
    })
    // Markers are HTML buttons (focusable, named, no glyphs needed); this invisible layer makes the source render,
    // so its clusters can be read back.
    map.addLayer({ id: 'orders-points', type: 'circle', source: SOURCE, paint: { 'circle-opacity': 0 } })
    let ordersById = new Map<number, OrderMarker>()
    const markers = new Map<string, Marker>()

    function button(kind: 'cluster' | 'order', label: string, text: string, onPress: () => void) {
      const element = document.createElement('button')
      element.type = 'button'
      element.classList.add('map-marker', `map-marker--${kind}`)
      element.textContent = text
      element.setAttribute('aria-label', label)
      element.addEventListener('click', (event) => {
        event.stopPropagation()
        onPress()
      })
      return element
    }

    function drawMarkers() {
      const wanted = new Map<string, { element: () => HTMLElement; at: [number, number] }>()
      for (const feature of map.querySourceFeatures(SOURCE)) {
        if (feature.geometry.type !== 'Point') continue
        const at = feature.geometry.coordinates as [number, number]
        const properties = feature.properties as Record<string, unknown>
        if (properties.cluster) {
          const id = Number(properties.cluster_id)
          const label = countLabel(Number(properties.orders), Boolean(properties.more))
          wanted.set(`cluster-${id}-${label}`, {
            at,
            element: () =>
              button('cluster', words.current.zoomIn(label), label, () => {
                void map
                  .getSource<GeoJSONSource>(SOURCE)
                  ?.getClusterExpansionZoom(id)
                  .then((zoom) => map.easeTo({ center: at, zoom }))
              }),
          })
          continue
        }
        const marker = properties as unknown as MarkerProperties
        if (marker.kind === 'area') {
          const label = countLabel(marker.count, true)
          wanted.set(`area-${at.join(',')}`, {
            at,
            element: () =>
              button('cluster', words.current.zoomIn(label), label, () =>
                map.easeTo({ center: at, zoom: map.getZoom() + 2 }),
              ),
          })
          continue
        }
        const order = ordersById.get(marker.id)
        if (!order) continue
        wanted.set(`order-${order.id}`, {
          at,
          element: () => button('order', words.current.order(order.name), '', () => setSelected(order)),
        })
      }
      for (const [key, marker] of markers) {
        if (wanted.has(key)) continue
        marker.remove()
        markers.delete(key)
      }
      for (const [key, { element, at }] of wanted) {
        if (!markers.has(key))
          markers.set(key, new maplibre.Marker({ element: element() }).setLngLat(at).addTo(map))
      }
    }

    let request = 0
    async function load() {
      const sent = ++request
      const bounds = map.getBounds()
      setShown((previous) => ({ ...previous, status: 'loading' }))
      try {
        const answer = await ordersApi.map(
          boxAround([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]),
        )
        // A slower answer for a box the map has already left is dropped.
        if (sent !== request) return
        ordersById = new Map(answer.collection.map((order) => [order.id, order]))
        map.getSource<GeoJSONSource>(SOURCE)?.setData(featuresOf(answer))
        setShown({ status: 'ready', offline: false, answer })
      } catch (error) {
        if (sent !== request) return
        setShown((previous) => ({
          ...previous,
          status: 'failed',
          offline: error instanceof ApiError && error.status === 0,
        }))
      }
    }

    let timer: ReturnType<typeof setTimeout> | undefined
    const onMove = () => {
      clearTimeout(timer)
      timer = setTimeout(() => void load(), MOVE_DEBOUNCE_MS)
    }
    map.on('moveend', onMove)
    map.on('render', drawMarkers)
    map.on('click', () => setSelected(null))
    reload.current = () => void load()
    void load()
    return () => {
      clearTimeout(timer)
      markers.forEach((marker) => marker.remove())
    }
  }

  const { answer } = shown
  const crowded = answer.areas.reduce((sum, area) => sum + area.count, 0)
  return (
    <div className="orders-map">
      <div className="orders-map__frame">
        <MapView label={t`Orders on the map`} center={TASHKENT_CENTER} zoom={CITY_ZOOM} onReady={onReady} />
        {selected && (
          <div className="orders-map__card" role="dialog" aria-label={selected.name}>
            <p className="orders-map__card-name">
              <Link to="/order/$orderId" params={{ orderId: String(selected.id) }}>
                {selected.name}
              </Link>
            </p>
            <p>{priceText(selected)}</p>
            <button
              type="button"
              className="button button--small button--secondary"
              onClick={() => setSelected(null)}
            >
              <Trans>Close</Trans>
            </button>
          </div>
        )}
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
            <Trans>
              At least {crowded} more orders in crowded places: zoom in on them to see each order.
            </Trans>
          </p>
        )}
      </section>
    </div>
  )
}
