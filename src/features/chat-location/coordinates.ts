/** A point as a chat message carries it (contract/schemas/chats.ts, LocationSchema). */
export type Point = { lat: number; lng: number }

/** Where the picker opens when the conversation gives no point: the middle of Tashkent, where most orders are. */
export const TASHKENT: Point = { lat: 41.3111, lng: 69.2797 }

// Five decimals are about a metre: the precision of a phone's fix and of a pin placed by a finger.
const SHOWN_DECIMALS = 5
// A sent point keeps a little more, so that a point shown again rounds the same way.
const SENT_DECIMALS = 6

const round = (value: number, decimals: number) => Number(value.toFixed(decimals))

/** "41.31110, 69.27970": digits, not words, so the same in every language. */
export const formatPoint = (point: Point) =>
  `${point.lat.toFixed(SHOWN_DECIMALS)}, ${point.lng.toFixed(SHOWN_DECIMALS)}`

export const toSent = (point: Point): Point => ({
  lat: round(point.lat, SENT_DECIMALS),
  // A map panned across the antimeridian answers longitudes beyond ±180; the contract accepts only the range.
  lng: round(((((point.lng + 180) % 360) + 360) % 360) - 180, SENT_DECIMALS),
})

/** The point on OpenStreetMap, which every phone opens in a browser or hands to a maps app. */
export const mapsLink = (point: Point) => {
  const lat = point.lat.toFixed(SHOWN_DECIMALS)
  const lng = point.lng.toFixed(SHOWN_DECIMALS)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`
}
