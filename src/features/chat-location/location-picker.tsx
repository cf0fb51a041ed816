import { Trans, useLingui } from '@lingui/react/macro'
import { LocateFixed, MapPin } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { Map as MapLibreMap } from 'maplibre-gl'
import { Modal } from '#src/components/modal.tsx'
import { MapView } from '#src/features/map/map-view.tsx'
import { loadChatLocationCatalog } from './catalog.ts'
import { formatPoint, TASHKENT, toSent, type Point } from './coordinates.ts'
import { useFocusReturn } from './use-focus-return.ts'
import './chat-location.css'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadChatLocationCatalog()

const START_ZOOM = 15
const CITY_ZOOM = 12
// A phone's fix is good to a few metres: close enough to see the building.
const MY_LOCATION_ZOOM = 17
const LOCATE_TIMEOUT_MS = 15_000

type LocationPickerProps = {
  open: boolean
  initial?: Point
  onPick: (location: Point) => void
  onClose: () => void
}

/**
 * Choosing a point to send in a chat. The point is always the middle of the map, under a fixed pin: dragging,
 * the arrow keys on the focused map, a tap (which brings the tapped place to the middle) and "My location" all
 * move the map, so a finger, a mouse and a keyboard choose the same way.
 */
export function LocationPickerDialog({ open, initial, onPick, onClose }: LocationPickerProps) {
  const { t } = useLingui()
  useFocusReturn(open)
  return (
    <Modal open={open} title={t`Send a location`} onClose={onClose}>
      {/* Mounted per opening: each starts from `initial`, not from where the last one was left. */}
      {open && <Picker initial={initial} onPick={onPick} onClose={onClose} />}
    </Modal>
  )
}

type Locating = 'idle' | 'busy' | 'denied' | 'failed'

function Picker({ initial, onPick, onClose }: Omit<LocationPickerProps, 'open'>) {
  const { t } = useLingui()
  const hintId = useId()
  const [point, setPoint] = useState<Point>(initial ?? TASHKENT)
  const [locating, setLocating] = useState<Locating>('idle')
  const map = useRef<MapLibreMap | null>(null)
  const canLocate = typeof navigator !== 'undefined' && 'geolocation' in navigator

  const locate = () => {
    setLocating('busy')
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating('idle')
        // Set here too: without WebGL there is no map to report where it moved.
        setPoint({ lat: coords.latitude, lng: coords.longitude })
        map.current?.easeTo({ center: [coords.longitude, coords.latitude], zoom: MY_LOCATION_ZOOM })
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? 'denied' : 'failed'),
      { enableHighAccuracy: true, timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    )
  }

  return (
    <div className="location-picker">
      <p className="location-picker__hint" id={hintId}>
        <Trans>
          Move the map or tap a place: the pin in the middle marks the point to send. On the focused map the
          arrow keys move it.
        </Trans>
      </p>
      <div className="location-picker__map">
        <MapView
          label={t`Map: the pin in the middle marks the point to send`}
          className="location-picker__canvas"
          center={[point.lng, point.lat]}
          zoom={initial ? START_ZOOM : CITY_ZOOM}
          onReady={(ready) => {
            map.current = ready
            const moved = () => {
              const { lat, lng } = ready.getCenter()
              setPoint({ lat, lng })
            }
            const tapped = (event: { lngLat: Point }) =>
              ready.easeTo({ center: [event.lngLat.lng, event.lngLat.lat] })
            ready.on('moveend', moved)
            ready.on('click', tapped)
            return () => {
              ready.off('moveend', moved)
              ready.off('click', tapped)
              map.current = null
            }
          }}
        />
        <MapPin className="location-picker__pin" aria-hidden="true" />
      </div>
      <p className="location-picker__point">
        <Trans>Point:</Trans> <output aria-describedby={hintId}>{formatPoint(point)}</output>
      </p>
      {canLocate && (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={locate}
          disabled={locating === 'busy'}
        >
          <LocateFixed className="icon" aria-hidden="true" /> <Trans>My location</Trans>
        </button>
      )}
      <LocatingStatus state={locating} />
      <div className="form__actions">
        <button type="button" className="button" onClick={() => onPick(toSent(point))}>
          <Trans>Send location</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  )
}

/** What became of "My location", said where a screen reader hears it. */
function LocatingStatus({ state }: { state: Locating }) {
  return (
    <p role="status" className={state === 'denied' ? 'form__error' : 'location-picker__status'}>
      {state === 'busy' && <Trans>Finding your location…</Trans>}
      {state === 'denied' && (
        <Trans>
          The browser does not let the app know your location. Allow it in the site settings, or move the map
          to the place.
        </Trans>
      )}
      {state === 'failed' && (
        <Trans>Your location could not be found. Move the map to the place instead.</Trans>
      )}
    </p>
  )
}
