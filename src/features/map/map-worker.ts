import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url'

/** The address of MapLibre's worker, which Vite emits apart from the map's chunk. */
export { workerUrl }

/** Fetches the map's worker once, so the service worker keeps it for a map first opened offline (map-code). */
export const fetchMapWorker = () => fetch(workerUrl).then(() => undefined)
