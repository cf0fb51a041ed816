import { Trans, useLingui } from '@lingui/react/macro'
import { BadgeCheck, PiggyBank, ShieldCheck, Smartphone } from 'lucide-react'

/** Mobility, safety, reliability, profit (spec section 1). */
export function Benefits() {
  const { t } = useLingui()
  const items = [
    {
      Icon: Smartphone,
      title: t`Mobility`,
      text: t`Post and manage orders from your phone, wherever you are.`,
    },
    {
      Icon: ShieldCheck,
      title: t`Safety`,
      text: t`Specialists confirm their identity; reviews come only from real orders.`,
    },
    {
      Icon: BadgeCheck,
      title: t`Reliability`,
      text: t`Ratings and reviews help you choose a specialist you can trust.`,
    },
    {
      Icon: PiggyBank,
      title: t`Profit`,
      text: t`Posting is free and you pay the specialist directly, without commission.`,
    },
  ]
  return (
    <section className="home__section" aria-labelledby="benefits-title">
      <h2 id="benefits-title">
        <Trans>Why Fika</Trans>
      </h2>
      <ul className="benefits">
        {items.map(({ Icon, ...item }) => (
          <li key={item.title} className="benefit">
            <span className="benefit__icon">
              <Icon />
            </span>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
