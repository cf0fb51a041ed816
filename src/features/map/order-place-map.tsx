import { useLingui } from '@lingui/react/macro'
import type { GeoJSONSourceSpecification, Map } from 'maplibre-gl'
import type { LatLng } from './geo.ts'
import { PLACE_ZOOM } from './map-style.ts'
import { MapView } from './map-view.tsx'

const AREA_ZOOM = 13.5
/**
 * The public point is the exact one rounded to 0.01° (server/modules/orders/privacy.ts): the place is within half
 * a cell of it, at most about 700 m away in Uzbekistan's latitudes. The circle says so instead of a pin that would
 * look like a door.
 */
const AREA_RADIUS_M = 700
const AREA_SOURCE = 'order-area'
const GREEN = '#0b6e4f'

/** A circle of `radius` metres around `centre`, as the polygon MapLibre draws. */
function circle(centre: LatLng, radiusM: number, steps = 48): GeoJSONSourceSpecification['data'] {
  const dLat = radiusM / 111_320
  const dLng = dLat / Math.cos((centre.lat * Math.PI) / 180)
  const ring = Array.from({ length: steps + 1 }, (_, index) => {
    const angle = (index / steps) * 2 * Math.PI
    return [centre.lng + dLng * Math.cos(angle), centre.lat + dLat * Math.sin(angle)]
  })
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }
}

function drawArea(map: Map, point: LatLng) {
  if (map.getSource(AREA_SOURCE)) return
  map.addSource(AREA_SOURCE, { type: 'geojson', data: circle(point, AREA_RADIUS_M) })
  map.addLayer({
    id: `${AREA_SOURCE}-fill`,
    type: 'fill',
    source: AREA_SOURCE,
    paint: { 'fill-color': GREEN, 'fill-opacity': 0.15 },
  })
  map.addLayer({
    id: `${AREA_SOURCE}-line`,
    type: 'line',
    source: AREA_SOURCE,
    paint: { 'line-color': GREEN, 'line-width': 2 },
  })
}

/**
 * The order's place on a map: the exact pin for the customer and the accepted specialist, the area around the
 * public point for everyone else. Its own chunk, loaded only when the page's preview is seen or tapped.
 */
export default function OrderPlaceMap({ point, exact }: { point: LatLng; exact: boolean }) {
  const { t } = useLingui()
  return (
    <MapView
      label={exact ? t`Map: the place of the work` : t`Map: the area of the work`}
      className="order-place__map"
      center={[point.lng, point.lat]}
      zoom={exact ? PLACE_ZOOM : AREA_ZOOM}
      onReady={(map, maplibre) => {
        if (exact) {
          const marker = new maplibre.Marker({ color: GREEN }).setLngLat([point.lng, point.lat]).addTo(map)
          return () => marker.remove()
        }
        // The bundled style replaces a remote one that fails, and with it every layer: draw the area again.
        const draw = () => drawArea(map, point)
        draw()
        map.on('style.load', draw)
        return () => map.off('style.load', draw)
      }}
    />
  )
}
