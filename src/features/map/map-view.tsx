import { useLingui } from '@lingui/react/macro'
import type { Map } from 'maplibre-gl'
import type * as MapLibreModule from 'maplibre-gl'
import { lazy, Suspense, type ReactNode } from 'react'
import { loadMapCatalog } from './catalog.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadMapCatalog()

export type MapLibre = typeof MapLibreModule

export type MapViewProps = {
  /** The map's accessible name, e.g. "Orders on the map". */
  label: string
  /** [lng, lat]; the middle of Uzbekistan when not given. */
  center?: [number, number]
  zoom?: number
  className?: string
  /**
   * Called once the map has its style: the place to add sources, layers, markers and listeners. MapLibre's module
   * comes along so callers create markers and popups without importing maplibre-gl into their own chunk. May
   * return a cleanup.
   */
  onReady?: (map: Map, maplibre: MapLibre) => void | (() => void)
}

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
