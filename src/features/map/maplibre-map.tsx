import { Trans, useLingui } from '@lingui/react/macro'
import * as maplibre from 'maplibre-gl'
import 'maplibre-gl/dist/maplibre-gl.css'
import './map.css'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { currentLocale } from '#src/lib/locale.ts'
import {
  BUNDLED_STYLE_NAME,
  bundledMapStyle,
  loadMapStyle,
  UZBEKISTAN_CENTER,
  UZBEKISTAN_ZOOM,
} from './map-style.ts'
import { OFFLINE_STYLE_NAME } from './kept-map-style.ts'
import type { MapViewProps } from './map-props.ts'
import { workerUrl } from './map-worker.ts'

// MapLibre 6 cannot find its worker inside a bundle: Vite emits it and hands over its address.
maplibre.setWorkerUrl(workerUrl)

/** Styles that need nothing of the network; the map view names their cities itself. */
const drawnHere = (name: string | undefined) => name === BUNDLED_STYLE_NAME || name === OFFLINE_STYLE_NAME

// Below this zoom only the major cities are named, so the Fergana valley's names do not overlap.
const ALL_CITIES_FROM_ZOOM = 6.5

async function addCityLabels(map: maplibre.Map) {
  const { CITIES } = await import('./cities.ts')
  const locale = currentLocale()
  const labels = CITIES.map((city) => {
    const label = document.createElement('span')
    label.classList.add('map-city')
    if (!city.major) label.classList.add('map-city--minor')
    label.textContent = city.name[locale]
    label.setAttribute('aria-hidden', 'true')
    return new maplibre.Marker({ element: label, anchor: 'left', offset: [6, 0] })
      .setLngLat([city.lng, city.lat])
      .addTo(map)
  })
  const showMinor = () =>
    map.getContainer().toggleAttribute('data-all-cities', map.getZoom() >= ALL_CITIES_FROM_ZOOM)
  showMinor()
  map.on('zoomend', showMinor)
  return () => labels.forEach((label) => label.remove())
}

/** The MapLibre map itself; loaded only through `MapView`, so maplibre-gl stays out of every other chunk. */
export default function MapLibreMap({
  label,
  center = UZBEKISTAN_CENTER,
  zoom = UZBEKISTAN_ZOOM,
  onReady,
  className,
}: MapViewProps) {
  const { t } = useLingui()
  const container = useRef<HTMLDivElement>(null)
  const [unavailable, setUnavailable] = useState(false)
  const ready = useEffectEvent((map: maplibre.Map) => onReady?.(map, maplibre))
  const texts = useEffectEvent(() => ({
    'Map.Title': label,
    'NavigationControl.ZoomIn': t`Zoom in`,
    'NavigationControl.ZoomOut': t`Zoom out`,
    'Popup.Close': t`Close`,
    'AttributionControl.ToggleAttribution': t`Map sources`,
  }))
  const start = useEffectEvent(() => ({ center, zoom }))

  useEffect(() => {
    let map: maplibre.Map | undefined
    let disposed = false
    const cleanups: (() => void)[] = []
    void (async () => {
      const style = await loadMapStyle()
      if (disposed || !container.current) return
      try {
        map = new maplibre.Map({
          container: container.current,
          style,
          ...start(),
          locale: texts(),
          attributionControl: { compact: true },
          dragRotate: false,
        })
      } catch {
        // No WebGL (an old phone, a browser that turned it off): the screen's list still serves.
        setUnavailable(true)
        return
      }
      map.touchZoomRotate.disableRotation()
      map.addControl(new maplibre.NavigationControl({ showCompass: false }))
      const loaded = map
      // A configured tile style that cannot be reached (no network, a server down) gives way to the bundled one,
      // and so do its tiles once the device goes offline. The offline style's tiles not kept just stay undrawn: the
      // bundled map under them shows.
      let fellBack = drawnHere(style.name)
      loaded.on('error', () => {
        if (fellBack || (loaded.isStyleLoaded() && navigator.onLine !== false)) return
        fellBack = true
        void bundledMapStyle().then((bundled) => !disposed && loaded.setStyle(bundled))
      })
      loaded.on('style.load', () => {
        if (!drawnHere(loaded.getStyle().name) || disposed) return
        void addCityLabels(loaded).then((remove) => (disposed ? remove() : cleanups.push(remove)))
      })
      loaded.once('load', () => {
        if (disposed) return
        const cleanup = ready(loaded)
        if (cleanup) cleanups.push(cleanup)
      })
    })()
    return () => {
      disposed = true
      cleanups.forEach((cleanup) => cleanup())
      map?.remove()
    }
  }, [])

  return (
    <div ref={container} className={className ? `map-view ${className}` : 'map-view'}>
      {unavailable && (
        <p className="map-view__loading" role="status">
          <Trans>This device cannot show the map.</Trans>
        </p>
      )}
    </div>
  )
}
