import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState, type KeyboardEvent } from 'react'

type Tab = 'client' | 'performer'
const TABS: Tab[] = ['client', 'performer']

/** Four steps for each side, in tabs that follow the WAI-ARIA tabs pattern (arrow keys move between them). */
export function HowItWorks() {
  const { t } = useLingui()
  const [tab, setTab] = useState<Tab>('client')
  const id = useId()
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ client: null, performer: null })
  const steps: Record<Tab, { title: string; text: string }[]> = {
    client: [
      {
        title: t`Describe the task`,
        text: t`Choose a service and say what, where and when. Posting an order is free.`,
      },
      { title: t`Get replies`, text: t`Specialists reply in 10–20 minutes with their price and terms.` },
      {
        title: t`Choose a specialist`,
        text: t`Compare profiles, reviews and prices, agree the details in the chat.`,
      },
      {
        title: t`Pay for the result`,
        text: t`Pay the specialist directly when the work is done and leave a review.`,
      },
    ],
    performer: [
      {
        title: t`Register through the bot`,
        text: t`Sign up in our Telegram bot and fill in your profile and services.`,
      },
      { title: t`Receive orders`, text: t`New orders of your services come as notifications on your phone.` },
      {
        title: t`Reply and agree`,
        text: t`Offer your price, agree the terms with the customer in the chat.`,
      },
      {
        title: t`Earn and grow`,
        text: t`Do the work, get paid directly and collect reviews that bring new orders.`,
      },
    ],
  }
  const labels: Record<Tab, string> = { client: t`For clients`, performer: t`For performers` }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next = TABS[(TABS.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!
    setTab(next)
    tabs.current[next]?.focus()
  }

  return (
    <section className="home__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>How it works</Trans>
      </h2>
      <div role="tablist" aria-label={t`How it works`} className="tabs">
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element
            }}
            role="tab"
            type="button"
            id={`${id}-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => setTab(name)}
            onKeyDown={onKeyDown}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`} className="steps">
        <ol>
          {steps[tab].map((step) => (
            <li key={step.title} className="step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
