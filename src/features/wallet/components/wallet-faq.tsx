import { Trans, useLingui } from '@lingui/react/macro'

/** The questions about plans, payment and refunds; the answers follow the money rules of docs/decisions/015. */
export function WalletFaq() {
  const { t } = useLingui()
  const items = [
    {
      question: t`What do the plans give?`,
      answer: t`Starter gives unlimited specialties, a personal calendar and photos and videos up to 10 MB. Master adds profile statistics, promotion and discounts shown on your profile. Professional adds a place in the catalogue of our Telegram bot (customers find you with /find and in any chat), profile sharing, and new orders reaching you first, answered in one tap from Telegram, with quiet hours and a morning digest of the day's matching orders in Telegram.`,
    },
    {
      question: t`How do I pay for a plan?`,
      answer: t`Choose a plan, for 1, 2 or 3 months, and Payme or Click, then press "Pay". The payment system's page opens; after paying you come back here and see the result.`,
    },
    {
      question: t`What if I buy a plan while another one is active?`,
      answer: t`The same plan is extended from the day the current one ends. A different plan starts when the current one ends, so no paid day is lost.`,
    },
    {
      question: t`What does "being confirmed" mean?`,
      answer: t`The payment system has not confirmed the payment yet. This usually takes a minute; the plan is turned on as soon as the payment is confirmed. A cancelled payment turns nothing on and charges nothing.`,
    },
    {
      question: t`Can I get my money back?`,
      answer: t`A Payme payment is refunded in full through Payme, and the days of the plan bought with it are removed. A Click payment is refunded through our support: write to them from the "Support" page.`,
    },
    {
      question: t`Do customers pay anything?`,
      answer: t`No: posting an order and getting replies is free. Plans are only for specialists.`,
    },
  ]
  return (
    <section className="wallet__faq" aria-labelledby="wallet-faq-title">
      <h2 id="wallet-faq-title">
        <Trans>Questions about payment</Trans>
      </h2>
      {items.map((item) => (
        <details key={item.question} className="wallet__faq-item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  )
}
