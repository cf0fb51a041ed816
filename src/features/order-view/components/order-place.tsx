import { Trans, useLingui } from '@lingui/react/macro'
import { MapPin, Navigation } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react'
import type { Order } from '#contract/schemas/orders.ts'
import { navigateLink } from '#src/features/map/geo.ts'
import { earlyTap, takeEarlyTap } from '#src/lib/early-tap.ts'

// MapLibre (about 250 KB gzip) is not part of the order page: it loads when the map is seen or tapped.
const OrderPlaceMap = lazy(() => import('#src/features/map/order-place-map.tsx'))

/**
 * Whether the element has been on the screen (half of it at least), once; never true without IntersectionObserver,
 * where the tap on the preview serves.
 */
function useSeen(element: RefObject<HTMLElement | null>, enabled: boolean) {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    if (!enabled || seen || !element.current || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true),
      { threshold: 0.5 },
    )
    observer.observe(element.current)
    return () => observer.disconnect()
  }, [element, enabled, seen])
  return seen
}

/**
 * Where the work is, on a map: the exact pin and a "Navigate" link for the two parties (the customer, the
 * specialist who accepted), the area to about a kilometre for everyone else. A static preview holds the map's
 * place until it scrolls into view or is tapped, so opening an order costs no map code.
 */
export function OrderPlace({ order }: { order: Order }) {
  const { t } = useLingui()
  const frame = useRef<HTMLDivElement>(null)
  const [tapped, setTapped] = useState(false)
  const point =
    !order.is_online && order.lat !== null && order.lng !== null ? { lat: order.lat, lng: order.lng } : null
  const seen = useSeen(frame, point !== null)
  // On a page the server drew, the preview shows before the app answers it: a tap then still opens the map. Read
  // after the page is taken over, not in the first render, which must match what the server drew.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (takeEarlyTap('map')) setTapped(true)
  }, [])
  if (!point) return null
  const exact = order.location_exact
  const preview = (loading: boolean) => (
    <button
      type="button"
      className="order-place__preview"
      onClick={() => setTapped(true)}
      {...earlyTap('map')}
      aria-busy={loading || undefined}
    >
      <MapPin className="order-place__pin" aria-hidden="true" />
      <span className="order-place__label">{loading ? t`Loading the map…` : t`Show the map`}</span>
    </button>
  )
  return (
    <section aria-labelledby="order-place" className="order-place" data-testid="order-place">
      <h2 id="order-place" className="order__heading">
        <Trans>On the map</Trans>
      </h2>
      <p className="form__hint">
        {exact ? (
          <Trans>The exact place: only the customer and the specialist who accepted the order see it.</Trans>
        ) : (
          <Trans>The area of the work, to about a kilometre.</Trans>
        )}
      </p>
      <div ref={frame} className="order-place__frame">
        {tapped || seen ? (
          <Suspense fallback={preview(true)}>
            <OrderPlaceMap point={point} exact={exact} />
          </Suspense>
        ) : (
          preview(false)
        )}
      </div>
      {exact && (
        <a
          className="button button--secondary order-place__navigate"
          href={navigateLink(point)}
          target="_blank"
          rel="noopener"
        >
          <Navigation className="icon" aria-hidden="true" />
          <Trans>Navigate</Trans>
        </a>
      )}
    </section>
  )
}
