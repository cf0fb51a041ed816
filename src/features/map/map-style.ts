import type { GeoJSONSourceSpecification, StyleSpecification } from 'maplibre-gl'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import {
  forgetMapStyle,
  keepMapStyle,
  keptMapStyle,
  OFFLINE_STYLE_NAME,
  offlineMapStyle,
  withTilesWrittenIn,
} from './kept-map-style.ts'

/** [lng, lat] of the middle of Uzbekistan and the zoom that shows the whole country on a phone. */
export const UZBEKISTAN_CENTER: [number, number] = [64.6, 41.3]
export const UZBEKISTAN_ZOOM = 3.8
/** [lng, lat] of Tashkent, where most orders are, and a zoom that shows the city. */
export const TASHKENT_CENTER: [number, number] = [69.24, 41.3]
export const CITY_ZOOM = 10.5
/** The zoom of a map that shows one exact place: streets and houses. */
export const PLACE_ZOOM = 16

export const BUNDLED_STYLE_NAME = 'fika-bundled'

/**
 * The style that needs no network: land outlines and city dots from data shipped with the map's chunk, no tiles,
 * glyphs or sprites (city names are drawn by the map view as HTML labels).
 */
export async function bundledMapStyle(): Promise<StyleSpecification> {
  const [{ default: outline }, { CITIES }] = await Promise.all([
    import('./uzbekistan-outline.json'),
    import('./cities.ts'),
  ])
  return {
    version: 8,
    name: BUNDLED_STYLE_NAME,
    sources: {
      outline: { type: 'geojson', data: outline as GeoJSONSourceSpecification['data'] },
      cities: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: CITIES.map((city) => ({
            type: 'Feature',
            properties: { major: city.major },
            geometry: { type: 'Point', coordinates: [city.lng, city.lat] },
          })),
        },
      },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#dde8ee' } },
      {
        id: 'land',
        type: 'fill',
        source: 'outline',
        paint: { 'fill-color': ['match', ['get', 'country'], 'uz', '#fbf9f3', '#eceee6'] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'outline',
        paint: {
          'line-color': ['match', ['get', 'country'], 'uz', '#7d8a94', '#a9b2b8'],
          'line-width': ['match', ['get', 'country'], 'uz', 1.5, 0.8],
        },
      },
      {
        id: 'cities',
        type: 'circle',
        source: 'cities',
        paint: {
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 2.5, 10, 6],
          'circle-color': '#5b6770',
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      },
    ],
  }
}

/** The style the server names, as it answered: not the bundled one, nor the offline one made of it. */
export const isConfiguredStyle = (style: StyleSpecification) =>
  style.name !== BUNDLED_STYLE_NAME && style.name !== OFFLINE_STYLE_NAME

/** How long a configured tile style may take to answer before the map opens with the bundled style instead. */
export const REMOTE_STYLE_TIMEOUT_MS = 5000

/** A configured tile style, fetched once to learn it is reachable; `undefined` when it is not, or not a style. */
async function fetchRemoteStyle(url: string): Promise<StyleSpecification | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(REMOTE_STYLE_TIMEOUT_MS) })
    if (!response.ok) return undefined
    const style = (await response.json()) as Partial<StyleSpecification>
    // The style is kept as the server answered it: its sources, glyphs and sprites are absolute URLs.
    return style.version === 8 && style.sources && Array.isArray(style.layers)
      ? await withTilesWrittenIn(style as StyleSpecification, REMOTE_STYLE_TIMEOUT_MS)
      : undefined
  } catch {
    // Offline, blocked (a firewall, the content security policy) or too slow: the bundled style serves.
    return undefined
  }
}

/**
 * The map's style: the tile style configured on the server (`MAP_STYLE_URL`, answered in GET /settings as
 * `map_style_url`) when it answers, kept on the device for later. With no network, the bundled style, which shows the
 * country and its cities, with the kept style's shapes over it where the service worker kept their tiles
 * (`offlineMapStyle`). Tiles of a remote style that fail later are replaced by the bundled style in the map view.
 */
export async function loadMapStyle(): Promise<StyleSpecification> {
  if (navigator.onLine !== false) {
    const named = await catalogueApi
      .settings()
      .then(({ data, saved }) => (saved ? undefined : (data.map_style_url ?? '')))
      .catch(() => undefined)
    const remote = named ? await fetchRemoteStyle(named) : undefined
    if (remote) {
      void keepMapStyle(remote)
      return remote
    }
    if (named === '') void forgetMapStyle()
  }
  const [kept, bundled] = await Promise.all([keptMapStyle(), bundledMapStyle()])
  return kept ? offlineMapStyle(kept, bundled) : bundled
}
