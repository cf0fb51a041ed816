// The orders' layer of the map on /orders: the clustered source, its markers drawn as HTML buttons, and the orders
// of the box in view, asked again once the map has been still. The screen (components/orders-map.tsx) draws the rest.
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl'
import type { OrderMarker, OrdersMapResponse } from '#contract/schemas/orders.ts'
import type { MapLibre } from '#src/features/map/map-view.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { ordersApi } from './api/orders-api.ts'
import { boxAround } from './map-box.ts'
import { CLUSTER_PROPERTIES, countLabel, featuresOf, type MarkerProperties } from './map-features.ts'

// Panning fires many moves: the box is asked for once the map has been still this long.
const MOVE_DEBOUNCE_MS = 300
const SOURCE = 'orders'
export const EMPTY: OrdersMapResponse = { collection: [], areas: [] }

export type Shown = { status: 'loading' | 'ready' | 'failed'; offline: boolean; answer: OrdersMapResponse }
/** The markers' names, in the reader's language (read through a ref: the layer lives as long as the map). */
export type MarkerWords = { zoomIn: (label: string) => string; order: (name: string) => string }
type Wanted = Map<string, { element: () => HTMLElement; at: [number, number] }>

/** A marker: a named button, so that it is focusable and needs no glyphs. */
function markerButton(kind: 'cluster' | 'order', label: string, text: string, onPress: () => void) {
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

/** The markers the source renders now, by a key that stays while the marker does. */
function wantedMarkers(
  map: MapLibreMap,
  ordersById: Map<number, OrderMarker>,
  words: MarkerWords,
  select: (order: OrderMarker) => void,
): Wanted {
  const wanted: Wanted = new Map()
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
          markerButton('cluster', words.zoomIn(label), label, () => {
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
          markerButton('cluster', words.zoomIn(label), label, () =>
            map.easeTo({ center: at, zoom: map.getZoom() + 2 }),
          ),
      })
      continue
    }
    const order = ordersById.get(marker.id)
    if (!order) continue
    wanted.set(`order-${order.id}`, {
      at,
      element: () => markerButton('order', words.order(order.name), '', () => select(order)),
    })
  }
  return wanted
}

/**
 * Adds the orders to `map` and loads those in view (now, and after each move): `show` gets what is loaded,
 * `select` the order pressed (null: the map itself was pressed). Returns `reload` and `detach`.
 */
export function attachOrdersLayer(
  map: MapLibreMap,
  maplibre: MapLibre,
  {
    words,
    select,
    show,
  }: {
    words: { current: MarkerWords }
    select: (order: OrderMarker | null) => void
    show: (next: Shown | ((previous: Shown) => Shown)) => void
  },
) {
  map.addSource(SOURCE, {
    type: 'geojson',
    data: featuresOf(EMPTY),
    cluster: true,
    clusterRadius: 48,
    clusterMaxZoom: 16,
    clusterProperties: CLUSTER_PROPERTIES,
  })
  // Markers are HTML buttons; this invisible layer makes the source render, so its clusters can be read back.
  map.addLayer({ id: 'orders-points', type: 'circle', source: SOURCE, paint: { 'circle-opacity': 0 } })
  let ordersById = new Map<number, OrderMarker>()
  const markers = new Map<string, Marker>()

  function drawMarkers() {
    const wanted = wantedMarkers(map, ordersById, words.current, select)
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
    show((previous) => ({ ...previous, status: 'loading' }))
    try {
      const answer = await ordersApi.map(
        boxAround([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()]),
      )
      // A slower answer for a box the map has already left is dropped.
      if (sent !== request) return
      ordersById = new Map(answer.collection.map((order) => [order.id, order]))
      map.getSource<GeoJSONSource>(SOURCE)?.setData(featuresOf(answer))
      show({ status: 'ready', offline: false, answer })
    } catch (error) {
      if (sent !== request) return
      show((previous) => ({
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
  map.on('click', () => select(null))
  void load()
  return {
    reload: () => void load(),
    detach: () => {
      clearTimeout(timer)
      markers.forEach((marker) => marker.remove())
    },
  }
}
