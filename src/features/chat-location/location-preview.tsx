/** A place as coordinates. PLACEHOLDER until the chat-location feature's map preview is merged. */
export function LocationPreview({ location }: { location: { lat: number; lng: number } }) {
  const where = `${location.lat.toFixed(5)}, ${location.lng.toFixed(5)}`
  return (
    <a className="location-preview" href={`geo:${location.lat},${location.lng}`}>
      {where}
    </a>
  )
}
