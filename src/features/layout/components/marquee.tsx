import { useLingui } from '@lingui/react/macro'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import { useSaved } from '#src/features/catalogue/use-saved.ts'

/** Spec section 9: speed 20000, looping. The list is drawn twice so the loop has no seam. */
export const MARQUEE_DURATION_MS = 20_000

/**
 * The marquee of spec section 1, a global element: under the header on every page, from GET /marquee. Its own
 * chunk, with its call: on a page the server drew, it needs no code until after the first load.
 */
export default function SiteMarquee() {
  const { t } = useLingui()
  const marquee = useSaved('marquee', catalogueApi.marquee)
  if (marquee.status !== 'ready') return null
  return <Marquee label={t`News`} items={marquee.data} />
}

/** The strip itself; `label` names it ("News"). */
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
