import { navigateLink, type LatLng } from '#src/features/map/geo.ts'

/** The navigation apps a job's "Navigate" offers. */
export const NAVIGATORS = ['geo', 'apple', 'yandex', 'google', '2gis'] as const
export type Navigator = (typeof NAVIGATORS)[number]

const coordinate = (value: number) => value.toFixed(6)

/**
 * A route to the job in each app. The label (the address and the landmark) is what the app shows on its pin, so
 * the specialist reads "next to school No. 5" where the route ends; `geo:` and Apple Maps take one, the others
 * route to the coordinates alone.
 */
export function navigateLinks(point: LatLng, label: string): Record<Navigator, string> {
  const lat = coordinate(point.lat)
  const lng = coordinate(point.lng)
  // geo: URIs put the label in parentheses: those inside it would end it early.
  const geoLabel = encodeURIComponent(label.replace(/[()]/g, ' ').trim())
  return {
    geo: `geo:${lat},${lng}?q=${lat},${lng}(${geoLabel})`,
    apple: `https://maps.apple.com/?daddr=${lat},${lng}&q=${encodeURIComponent(label)}`,
    yandex: navigateLink(point),
    google: `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`,
    '2gis': `https://2gis.uz/routeSearch/rsType/car/to/${lng},${lat}`,
  }
}

/**
 * The app a phone opens by itself: any Android app that navigates answers `geo:`, Apple Maps is on every iPhone
 * and iPad (an iPad says "Macintosh" but has a touch screen), and elsewhere Yandex Maps, the most used here.
 */
export function defaultNavigator(userAgent: string, touchPoints = 0): Navigator {
  if (/android/i.test(userAgent)) return 'geo'
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && touchPoints > 1)) return 'apple'
  return 'yandex'
}

/** The pin's label: the address and the landmark, whichever are written. */
export const placeLabel = (address: string | null, landmark: string | null) =>
  [address, landmark].filter((part): part is string => Boolean(part?.trim())).join(', ')
