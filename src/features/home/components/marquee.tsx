/** Spec section 9: speed 20000, looping. The list is drawn twice so the loop has no seam. */
export const MARQUEE_DURATION_MS = 20_000

/** `label` names the strip ("News"): it is given by the home page, whose messages ship with the first screen. */
export function Marquee({ label, items }: { label: string; items: { id: number; title: string }[] }) {
  if (items.length === 0) return null
  const row = (hidden: boolean) => (
    <ul className="marquee__row" aria-hidden={hidden || undefined}>
      {items.map((item) => (
        <li key={item.id}>{item.title}</li>
      ))}
    </ul>
  )
  return (
    <section className="marquee" aria-label={label}>
      <div className="marquee__track" data-duration-ms={MARQUEE_DURATION_MS}>
        {row(false)}
        {row(true)}
      </div>
    </section>
  )
}
