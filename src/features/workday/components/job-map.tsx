import { useLingui } from '@lingui/react/macro'
import { MapPin } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { LatLng } from '#src/features/map/geo.ts'

// MapLibre (about 250 KB gzip) loads only when a job's map is asked for: a week of jobs must not open a map each.
const OrderPlaceMap = lazy(() => import('#src/features/map/order-place-map.tsx'))

/** The job's exact pin, behind a tap. */
export function JobMap({ point }: { point: LatLng }) {
  const { t } = useLingui()
  const [shown, setShown] = useState(false)
  const preview = (loading: boolean) => (
    <button
      type="button"
      className="job-map__preview"
      onClick={() => setShown(true)}
      aria-busy={loading || undefined}
    >
      <MapPin className="job-map__pin" aria-hidden="true" />
      <span>{loading ? t`Loading the map…` : t`Show on the map`}</span>
    </button>
  )
  return (
    <div className="job-map">
      {shown ? (
        <Suspense fallback={preview(true)}>
          <OrderPlaceMap point={point} exact />
        </Suspense>
      ) : (
        preview(false)
      )}
    </div>
  )
}
