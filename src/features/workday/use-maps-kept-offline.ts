import { useEffect } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { placeOf } from './job-place.ts'
import type { TodayJobs } from './use-today-jobs.ts'

/**
 * How long the day's view waits before keeping its maps (about 460 KB of map code and the tiles): on a slow network
 * its first seconds go to what the person sees and taps. Going to the background starts it sooner.
 */
export const KEEP_MAPS_AFTER_MS = 10_000

let kept = ''

/** Keeps the maps of these places once, even if the person has left the view by then. */
function keepSoon(key: string) {
  if (key === kept) return
  kept = key
  const places = key.split(';').map((pair) => {
    const [lat, lng] = pair.split(',').map(Number)
    return { lat: lat!, lng: lng! }
  })
  let started = false
  const start = () => {
    if (started || key !== kept) return
    started = true
    document.removeEventListener('visibilitychange', onHidden)
    void import('#src/features/map/keep-maps-offline.ts').then((maps) => maps.keepMapsOffline(places))
  }
  const onHidden = () => document.visibilityState === 'hidden' && start()
  document.addEventListener('visibilitychange', onHidden)
  setTimeout(() => afterFirstLoad(start), KEEP_MAPS_AFTER_MS)
}

/**
 * Once the day has been read from the server, the maps of its jobs are made to open offline too, in the background:
 * a job's map is for the basement and the lift, where it can no longer be fetched.
 */
export function useMapsKeptOffline(state: TodayJobs) {
  const places =
    state.status === 'ready' && !state.saved ? state.jobs.flatMap((job) => placeOf(job) ?? []) : []
  const key = places.map((place) => `${place.lat},${place.lng}`).join(';')
  useEffect(() => {
    if (key) keepSoon(key)
  }, [key])
}
