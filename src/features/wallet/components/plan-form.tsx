import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactNode } from 'react'
import {
  discountedPrice,
  PLAN_MONTHS,
  PROMO_CODE_MAX,
  type PaymentProvider,
  type Plan,
  type PlanMonths,
  type Wallet,
} from '#contract/schemas/wallet.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { formatDate } from '#src/lib/format.ts'
import { formatSom } from '../money.ts'
import { walletApi } from '../wallet-api.ts'
import { usePromo } from '../use-promo.ts'
import { PROVIDER_NAMES, useWalletWords } from '../words.ts'

/** Sends the browser to the provider's checkout (or the sandbox page); a seam for the tests. */
export const goToCheckout = (url: string) => window.location.assign(url)

/**
 * The plans with what each includes, the months with their prices and the payment system; "Pay" makes the invoice
 * and leaves for the checkout. Without `canBuy` (a customer) only the plans and prices are shown.
 */
export function PlanForm({ wallet, canBuy }: { wallet: Wallet; canBuy: boolean }) {
  const { t } = useLingui()
  const [plan, setPlan] = useState<Plan>(wallet.plan ?? 'master')
  const [months, setMonths] = useState<PlanMonths>(1)
  const firstAvailable = wallet.providers.find((one) => one.available)?.provider
  const [provider, setProvider] = useState<PaymentProvider | undefined>(firstAvailable)
  const [sending, setSending] = useState<'idle' | 'busy' | { error: string }>('idle')
  const promo = usePromo(setPlan)

  /** The percent off the chosen plan, when the checked code applies to it. */
  const terms = promo.promo.status === 'valid' ? promo.promo.terms : null
  const percentOff = terms && (!terms.plan || terms.plan === plan) ? terms.percent_off : 0
  const offer = wallet.plans.find((one) => one.plan === plan) ?? wallet.plans[0]
  const fullPriceOf = (count: number) => offer?.prices.find((price) => price.months === count)?.amount ?? 0
  const priceOf = (count: number) =>
    percentOff ? discountedPrice(fullPriceOf(count), percentOff) : fullPriceOf(count)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!provider || sending === 'busy') return
    const code = promo.input.trim()
    const applied = terms ? terms.code : ''
    // A code typed but not checked yet is checked first: the price on the button is then the price paid.
    if (code.toUpperCase() !== applied.toUpperCase()) return promo.check(code)
    setSending('busy')
    walletApi
      .checkout({ plan, months, provider, ...(code && { promo_code: code }) })
      .then((checkout) => goToCheckout(checkout.url))
      .catch((error: unknown) => {
        const promoRefusal = error instanceof ApiError ? error.fields.promo_code?.[0] : undefined
        if (promoRefusal) {
          promo.setPromo({ status: 'refused', code, message: promoRefusal })
          setSending('idle')
          return
        }
        setSending({
          error:
            error instanceof ApiError && error.status === 0
              ? t`No internet connection: the payment could not be started.`
              : error instanceof ApiError && error.body
                ? error.message
                : t`The payment could not be started. Try again.`,
        })
      })
  }

  return (
    <form className="wallet__buy" onSubmit={submit} aria-labelledby="wallet-plans-title">
      <h2 id="wallet-plans-title">
        <Trans>Tariff plans</Trans>
      </h2>
      <PlanChoice plans={wallet.plans} plan={plan} onChoose={setPlan} />
      <MonthsChoice
        months={months}
        onChoose={setMonths}
        priceOf={priceOf}
        fullPriceOf={fullPriceOf}
        percentOff={percentOff}
      />
      {canBuy && (
        <>
          <PromoField promo={promo} plan={plan} percentOff={percentOff} />
          <ProviderChoice providers={wallet.providers} provider={provider} onChoose={setProvider} />
          {typeof sending === 'object' && (
            <p role="alert" className="wallet__problem">
              {sending.error}
            </p>
          )}
          {!provider && (
            <p className="wallet__problem">
              <Trans>Payments are unavailable right now. Try later.</Trans>
            </p>
          )}
          <PayButton
            wallet={wallet}
            plan={plan}
            disabled={!provider || sending === 'busy'}
            label={
              sending === 'busy' ? (
                <Trans>Going to the payment…</Trans>
              ) : (
                t`Pay ${formatSom(priceOf(months))} so'm`
              )
            }
          />
        </>
      )}
    </form>
  )
}

/** The plans, each with its monthly price and what it includes. */
function PlanChoice({
  plans,
  plan,
  onChoose,
}: {
  plans: Wallet['plans']
  plan: Plan
  onChoose: (plan: Plan) => void
}) {
  const { t } = useLingui()
  const words = useWalletWords()
  return (
    <fieldset className="wallet__group">
      <legend>
        <Trans>Plan</Trans>
      </legend>
      <div className="wallet__plans">
        {plans.map((one) => (
          <div key={one.plan} className="wallet__plan">
            <label className="wallet__plan-head">
              <input
                type="radio"
                name="plan"
                value={one.plan}
                checked={plan === one.plan}
                onChange={() => onChoose(one.plan)}
                aria-describedby={`wallet-plan-${one.plan}`}
              />
              <span className="wallet__plan-name">{words.plans[one.plan]}</span>
              <span className="wallet__plan-price">{t`${formatSom(one.monthly_price)} so'm a month`}</span>
            </label>
            <ul id={`wallet-plan-${one.plan}`} className="wallet__features">
              {one.features.map((feature) => (
                <li key={feature}>{words.features[feature]}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </fieldset>
  )
}

/** The months to buy, each with its price (and the full price, struck through, when a code takes some off). */
function MonthsChoice({
  months,
  onChoose,
  priceOf,
  fullPriceOf,
  percentOff,
}: {
  months: PlanMonths
  onChoose: (months: PlanMonths) => void
  priceOf: (count: number) => number
  fullPriceOf: (count: number) => number
  percentOff: number
}) {
  const { t } = useLingui()
  const words = useWalletWords()
  return (
    <fieldset className="wallet__group">
      <legend>
        <Trans>For how long</Trans>
      </legend>
      <div className="wallet__options">
        {PLAN_MONTHS.map((count) => (
          <label key={count} className="wallet__option">
            <input
              type="radio"
              name="months"
              value={count}
              checked={months === count}
              onChange={() => onChoose(count)}
            />
            <span>
              {words.months(count)}: {t`${formatSom(priceOf(count))} so'm`}
              {percentOff > 0 && (
                <>
                  {' '}
                  <s className="wallet__hint">{t`${formatSom(fullPriceOf(count))} so'm`}</s>
                </>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** The promo code, its "Apply" and what the server said of it. */
function PromoField({
  promo: { input, type, promo, check },
  plan,
  percentOff,
}: {
  promo: ReturnType<typeof usePromo>
  plan: Plan
  percentOff: number
}) {
  const { t } = useLingui()
  const words = useWalletWords()
  return (
    <div className="wallet__group">
      <label htmlFor="wallet-promo">
        <Trans>Promo code</Trans>
      </label>
      <div className="wallet__options">
        <input
          id="wallet-promo"
          name="promo_code"
          value={input}
          maxLength={PROMO_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={promo.status === 'refused'}
          aria-describedby="wallet-promo-state"
          onChange={(event) => type(event.target.value)}
        />
        <button type="button" className="button button--secondary" onClick={() => check(input)}>
          <Trans>Apply</Trans>
        </button>
      </div>
      <p id="wallet-promo-state" className="wallet__hint" aria-live="polite">
        {promo.status === 'checking' && <Trans>Checking the code…</Trans>}
        {promo.status === 'refused' && <span className="wallet__problem">{promo.message}</span>}
        {promo.status === 'valid' &&
          (percentOff > 0
            ? t`Code ${promo.terms.code}: ${percentOff}% off until ${formatDate(promo.terms.valid_until)}`
            : t`Code ${promo.terms.code} is for the ${words.plans[promo.terms.plan ?? plan]} plan`)}
      </p>
    </div>
  )
}

/** The payment systems; one not set up yet cannot be chosen, and the sandbox says it charges nothing. */
function ProviderChoice({
  providers,
  provider,
  onChoose,
}: {
  providers: Wallet['providers']
  provider: PaymentProvider | undefined
  onChoose: (provider: PaymentProvider) => void
}) {
  return (
    <fieldset className="wallet__group">
      <legend>
        <Trans>Payment system</Trans>
      </legend>
      <div className="wallet__options">
        {providers.map((one) => (
          <label key={one.provider} className="wallet__option">
            <input
              type="radio"
              name="provider"
              value={one.provider}
              checked={provider === one.provider}
              disabled={!one.available}
              onChange={() => onChoose(one.provider)}
              aria-describedby={one.available ? undefined : `wallet-provider-${one.provider}`}
            />
            <span>{PROVIDER_NAMES[one.provider]}</span>
            {!one.available && (
              <span id={`wallet-provider-${one.provider}`} className="wallet__hint">
                <Trans>temporarily unavailable: payments through it are not set up yet</Trans>
              </span>
            )}
            {one.available && one.sandbox && (
              <span className="wallet__hint">
                <Trans>test mode: no money is charged</Trans>
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** "Pay", after the note that a plan bought while time is still paid for starts when that time ends. */
function PayButton({
  wallet,
  plan,
  disabled,
  label,
}: {
  wallet: Wallet
  plan: Plan
  disabled: boolean
  label: ReactNode
}) {
  const { t } = useLingui()
  const words = useWalletWords()
  // Time already paid for (the plan now, and any queued after it): a plan bought now starts when it ends, not today.
  const [now] = useState(Date.now)
  const queuedFrom = wallet.paid_until && Date.parse(wallet.paid_until) > now ? wallet.paid_until : null
  const until = queuedFrom ? formatDate(queuedFrom) : ''
  const chosen = words.plans[plan]
  return (
    <>
      {queuedFrom && (
        <p id="wallet-queue-note" className="wallet__queue-note">
          {t`Your paid time runs until ${until}. The “${chosen}” plan you pay for now starts on ${until}, after it: its features open only then.`}
        </p>
      )}
      <button
        type="submit"
        className="button"
        aria-disabled={disabled}
        aria-describedby={queuedFrom ? 'wallet-queue-note' : undefined}
      >
        {label}
      </button>
    </>
  )
}
