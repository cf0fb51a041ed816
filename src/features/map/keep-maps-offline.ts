import type { LatLng } from './geo.ts'

/** Tiles fetched at once: a phone's connection stays free for what the person does meanwhile. */
const AT_ONCE = 4

async function fetchEach(urls: string[]) {
  const left = [...urls]
  const fetchNext = async (): Promise<void> => {
    const url = left.shift()
    if (url === undefined) return
    // A tile that fails is simply not kept; the map draws the bundled country under it offline.
    await fetch(url).catch(() => undefined)
    return fetchNext()
  }
  await Promise.all(Array.from({ length: AT_ONCE }, fetchNext))
}

/**
 * Makes the maps of these places open with no network after one visit, as a map opened there once would: the map's
 * code and worker (the service worker's map-code cache), the configured style (kept by loadMapStyle) and the tiles
 * around each place at the zooms a place's map opens at (the map-tiles cache, bounded). Only what the device has not
 * kept is fetched: the service worker answers the rest from its caches.
 */
export async function keepMapsOffline(places: LatLng[]) {
  if (places.length === 0 || navigator.onLine === false) return
  const [mapStyle, { fetchMapWorker }, { tilesAhead }] = await Promise.all([
    import('./map-style.ts'),
    import('./map-worker.ts'),
    import('./map-tiles-ahead.ts'),
    // The chunks a place's map runs, for the service worker to keep: MapLibre is not precached (vite.config.ts).
    import('./order-place-map.tsx'),
    import('./maplibre-map.tsx'),
  ])
  const [style] = await Promise.all([
    mapStyle.loadMapStyle(),
    mapStyle.bundledMapStyle(),
    fetchMapWorker().catch(() => undefined),
  ])
  if (!mapStyle.isConfiguredStyle(style)) return
  const zooms = [mapStyle.PLACE_ZOOM - 1, mapStyle.PLACE_ZOOM]
  await fetchEach(tilesAhead(style, places, zooms, window.devicePixelRatio))
}
