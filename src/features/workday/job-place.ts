import type { Job } from '#contract/schemas/workday.ts'
import type { LatLng } from '#src/features/map/geo.ts'

/** Where the work is done, when it is done at a place (not online) and the place is known. */
export const placeOf = (job: Job): LatLng | null =>
  !job.is_online && job.lat !== null && job.lng !== null ? { lat: job.lat, lng: job.lng } : null
