import { useLingui } from '@lingui/react/macro'
import { MapView } from '#src/features/map/map-view.tsx'
import type { Point } from './coordinates.ts'

const POINT_ZOOM = 16

/** The map of a sent location, with a marker on the point; its own chunk, so a chat bubble does not carry it. */
export default function LocationMap({ location }: { location: Point }) {
  const { t } = useLingui()
  return (
    <MapView
      label={t`Map of the sent location`}
      className="location-preview__canvas"
      center={[location.lng, location.lat]}
      zoom={POINT_ZOOM}
      onReady={(map, maplibre) => {
        const marker = new maplibre.Marker({ color: '#0b6e4f' })
          .setLngLat([location.lng, location.lat])
          .addTo(map)
        return () => marker.remove()
      }}
    />
  )
}
