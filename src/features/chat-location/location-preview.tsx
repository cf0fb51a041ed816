import { Trans, useLingui } from '@lingui/react/macro'
import { MapPin } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Modal } from '#src/components/modal.tsx'
import { loadChatLocationCatalog } from './catalog.ts'
import { formatPoint, mapsLink, type Point } from './coordinates.ts'
import { useFocusReturn } from './use-focus-return.ts'
import './chat-location.css'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadChatLocationCatalog()

// MapLibre (about 250 KB gzip) loads when someone opens a location, not with every conversation that has one.
const LocationMap = lazy(() => import('./location-map.tsx'))

/** A location in a chat bubble: the point's coordinates, opening a map of it and a link to a maps app. */
export function LocationPreview({ location }: { location: Point }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  useFocusReturn(open)
  const coordinates = formatPoint(location)
  return (
    <>
      <button type="button" className="location-preview" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <MapPin className="icon" aria-hidden="true" />
        <span className="location-preview__text">
          <strong>
            <Trans>Location</Trans>
          </strong>
          <span className="location-preview__coordinates">{coordinates}</span>
        </span>
      </button>
      <Modal open={open} title={t`Location`} onClose={() => setOpen(false)}>
        <div className="location-preview__body">
          <p className="location-preview__coordinates">{coordinates}</p>
          <Suspense
            fallback={
              <div className="map-view location-preview__canvas" aria-busy="true">
                <p className="map-view__loading" role="status">
                  <Trans>Loading the map…</Trans>
                </p>
              </div>
            }
          >
            <LocationMap location={location} />
          </Suspense>
          <a href={mapsLink(location)} target="_blank" rel="noopener" className="button button--secondary">
            <Trans>Open in maps</Trans>
          </a>
        </div>
      </Modal>
    </>
  )
}
