import { useEffect } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { placeOf } from './job-place.ts'
import type { TodayJobs } from './use-today-jobs.ts'

/**
 * Once the day has been read from the server, the maps of its jobs are made to open offline too (in the background,
 * after the screen has drawn): a job's map is for the basement and the lift, where it can no longer be fetched.
 */
export function useMapsKeptOffline(state: TodayJobs) {
  const places =
    state.status === 'ready' && !state.saved ? state.jobs.flatMap((job) => placeOf(job) ?? []) : []
  const key = places.map((place) => `${place.lat},${place.lng}`).join(';')
  useEffect(() => {
    if (!key) return
    const kept = key.split(';').map((pair) => {
      const [lat, lng] = pair.split(',').map(Number)
      return { lat: lat!, lng: lng! }
    })
    afterFirstLoad(async () => (await import('#src/features/map/keep-maps-offline.ts')).keepMapsOffline(kept))
  }, [key])
}
