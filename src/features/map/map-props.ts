// What a map is drawn with: shared by the lazy wrapper (map-view) and the MapLibre canvas it loads.
import type { Map } from 'maplibre-gl'
import type * as MapLibreModule from 'maplibre-gl'

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
