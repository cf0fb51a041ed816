import type { GeoJSONSourceSpecification, StyleSpecification } from 'maplibre-gl'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'

/** [lng, lat] of the middle of Uzbekistan and the zoom that shows the whole country on a phone. */
export const UZBEKISTAN_CENTER: [number, number] = [64.6, 41.3]
export const UZBEKISTAN_ZOOM = 3.8
/** [lng, lat] of Tashkent, where most orders are, and a zoom that shows the city. */
export const TASHKENT_CENTER: [number, number] = [69.24, 41.3]
export const CITY_ZOOM = 10.5

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

/**
 * The map's style: the tile style configured on the server (`MAP_STYLE_URL`, answered in GET /settings as
 * `map_style_url`) while there is a network, otherwise the bundled style. A remote style that fails to load later
 * is replaced by the bundled one in the map view.
 */
export async function loadMapStyle(): Promise<string | StyleSpecification> {
  if (navigator.onLine !== false) {
    const url = await catalogueApi
      .settings()
      .then(({ data, saved }) => (saved ? '' : (data.map_style_url ?? '')))
      .catch(() => '')
    if (url) return url
  }
  return bundledMapStyle()
}
