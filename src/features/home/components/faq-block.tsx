import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useState, type MouseEvent } from 'react'
import { useSession } from '#src/lib/session-store.ts'

/**
 * A member goes straight into the support chat; a guest (and a page without JavaScript) follows the link to
 * /support, which asks them to log in. The chat's calls are fetched on click, so the home page does not carry
 * them.
 */
function useSupportChatLink() {
  const navigate = useNavigate()
  const loggedIn = useSession((state) => state.token !== null)
  return (event: MouseEvent) => {
    if (!loggedIn) return
    event.preventDefault()
    import('#src/features/chat-entry/api/open-chat.ts')
      .then(async ({ chatPath, openChat }) => navigate({ href: chatPath(await openChat('support')) }))
      // /support says what went wrong when its own button is pressed again.
      .catch(() => navigate({ to: '/support' }))
  }
}

/** Five questions; one open at a time, the first by default; clicking the open one closes it (spec section 2). */
export function FaqBlock() {
  const { t } = useLingui()
  const id = useId()
  const [open, setOpen] = useState<number | null>(0)
  const openSupportChat = useSupportChatLink()
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
      <Link to="/support" className="button button--secondary" onClick={openSupportChat}>
        <Trans>Ask in the support chat</Trans>
      </Link>
    </section>
  )
}
