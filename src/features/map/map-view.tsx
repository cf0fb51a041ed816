import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, type ReactNode } from 'react'
import { loadMapCatalog } from './catalog.ts'
import type { MapLibre, MapViewProps } from './map-props.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadMapCatalog()

export type { MapLibre, MapViewProps }

// maplibre-gl, its CSS and the bundled style's data load with the first map shown, never with the app.
const MapCanvas = lazy(() => import('./maplibre-map.tsx'))

/** A MapLibre map (the configured tile style, or the bundled one with no network), loaded on first use. */
export function MapView(props: MapViewProps & { fallback?: ReactNode }) {
  const { t } = useLingui()
  const { fallback, ...mapProps } = props
  return (
    <Suspense
      fallback={
        fallback ?? (
          <div className={props.className ? `map-view ${props.className}` : 'map-view'} aria-busy="true">
            <p className="map-view__loading">{t`Loading the map…`}</p>
          </div>
        )
      }
    >
      <MapCanvas {...mapProps} />
    </Suspense>
  )
}
