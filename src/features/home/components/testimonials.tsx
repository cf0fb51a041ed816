import { Trans, useLingui } from '@lingui/react/macro'
import { Carousel } from '#src/components/carousel.tsx'

/** Five static testimonials (spec section 1). */
export function Testimonials() {
  const { t } = useLingui()
  const entries = [
    {
      name: t`Malika, Tashkent`,
      text: t`I found a cleaner for my flat in twenty minutes. Everything was spotless and the price was fair.`,
    },
    {
      name: t`Rustam, Samarkand`,
      text: t`The electrician came the same evening and fixed the wiring in the kitchen. I will order again.`,
    },
    {
      name: t`Nodira, Chilanzar`,
      text: t`We found an IELTS tutor for my son; after three months he got the score he needed.`,
    },
    {
      name: t`Bekzod, Yunusabad`,
      text: t`As a plumber I get several orders a day here, without paying for advertising.`,
    },
    {
      name: t`Dilfuza, Namangan`,
      text: t`The lawyer helped me register my business quickly and explained every step.`,
    },
  ]
  return (
    <section className="home__section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">
        <Trans>What people say</Trans>
      </h2>
      <Carousel label={t`Testimonials`} kind="reviews">
        {entries.map((entry) => (
          <figure key={entry.name} className="testimonial">
            <blockquote>{entry.text}</blockquote>
            <figcaption>{entry.name}</figcaption>
          </figure>
        ))}
      </Carousel>
    </section>
  )
}
