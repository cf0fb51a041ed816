import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'

/** Five questions; one open at a time, the first by default; clicking the open one closes it (spec section 2). */
export function FaqBlock() {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState<number | null>(0)
  const items = [
    {
      question: t`How much does it cost to post an order?`,
      answer: t`Nothing: posting an order and getting replies is free for customers.`,
    },
    {
      question: t`How fast do specialists reply?`,
      answer: t`Usually within 10–20 minutes after the order is published.`,
    },
    {
      question: t`How do I pay the specialist?`,
      answer: t`Directly, in the way you agree in the chat: cash, card transfer or a payment app.`,
    },
    {
      question: t`Can I trust the specialists?`,
      answer: t`Look at their ratings, reviews and verification badge; reviews come only from completed orders.`,
    },
    {
      question: t`How do I become a specialist?`,
      answer: t`Register through our Telegram bot, fill in your profile and start replying to orders.`,
    },
  ]
  return (
    <section className="home__section faq" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Questions and answers</Trans>
      </h2>
      <div className="faq__items">
        {items.map((item, index) => {
          const expanded = open === index
          return (
            <div key={item.question} className="faq__item">
              <h3>
                <button
                  type="button"
                  className="faq__question"
                  aria-expanded={expanded}
                  aria-controls={`${id}-answer-${index}`}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  {item.question}
                </button>
              </h3>
              <div id={`${id}-answer-${index}`} className="faq__answer" hidden={!expanded}>
                <p>{item.answer}</p>
              </div>
            </div>
          )
        })}
      </div>
      <Link to="/support" className="button button--secondary">
        <Trans>Ask in the support chat</Trans>
      </Link>
    </section>
  )
}
