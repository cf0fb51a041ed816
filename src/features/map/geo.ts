/** Geometry the maps' screens share; no MapLibre here, so any chunk may import it. */
export type LatLng = { lat: number; lng: number }

const EARTH_RADIUS_KM = 6371

/** The great-circle distance between two points in kilometres (haversine). */
export function kmBetween(a: LatLng, b: LatLng) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(b.lat - a.lat)
  const dLng = radians(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * A route to the point in Yandex Maps, the maps most used in Uzbekistan: on Android and iOS the link opens the
 * Yandex Maps app when it is installed, and its web map, which asks for the phone's position, when it is not.
 * `rtext=~lat,lng` leaves the start empty, so the route starts where the phone is.
 */
export const navigateLink = (point: LatLng) =>
  `https://yandex.uz/maps/?rtext=~${point.lat.toFixed(6)}%2C${point.lng.toFixed(6)}&rtt=auto`
