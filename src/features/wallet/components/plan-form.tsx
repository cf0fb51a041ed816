import { Trans, useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState, type FormEvent } from 'react'
import {
  discountedPrice,
  PLAN_MONTHS,
  PROMO_CODE_MAX,
  type PaymentProvider,
  type Plan,
  type PlanMonths,
  type PromoTerms,
  type Wallet,
} from '#contract/schemas/wallet.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { formatDate } from '#src/lib/format.ts'
import { formatSom } from '../money.ts'
import { walletApi } from '../wallet-api.ts'
import { PROVIDER_NAMES, useWalletWords } from '../words.ts'

/** Sends the browser to the provider's checkout (or the sandbox page); a seam for the tests. */
export const goToCheckout = (url: string) => window.location.assign(url)

type PromoState =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'valid'; terms: PromoTerms }
  | { status: 'refused'; code: string; message: string }

/** The `promo` of the page's URL (`/wallet?promo=GRAD2026`, from the graduates' page), or ''. */
function usePromoFromUrl(): string {
  return useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>).promo
      return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
    },
  })
}

/**
 * The plans with what each includes, the months with their prices and the payment system; "Pay" makes the invoice
 * and leaves for the checkout. Without `canBuy` (a customer) only the plans and prices are shown.
 */
export function PlanForm({ wallet, canBuy }: { wallet: Wallet; canBuy: boolean }) {
  const { t } = useLingui()
  const words = useWalletWords()
  const [plan, setPlan] = useState<Plan>(wallet.plan ?? 'master')
  const [months, setMonths] = useState<PlanMonths>(1)
  const firstAvailable = wallet.providers.find((one) => one.available)?.provider
  const [provider, setProvider] = useState<PaymentProvider | undefined>(firstAvailable)
  const [sending, setSending] = useState<'idle' | 'busy' | { error: string }>('idle')
  const fromUrl = usePromoFromUrl()
  const [promoInput, setPromoInput] = useState(fromUrl)
  const [promo, setPromo] = useState<PromoState>(
    fromUrl ? { status: 'checking', code: fromUrl } : { status: 'none' },
  )

  /** Asks the server for a code's terms; a code for one plan chooses that plan. */
  const lookUp = (code: string) =>
    walletApi
      .promo(code)
      .then((terms) => {
        setPromo({ status: 'valid', terms })
        if (terms.plan) setPlan(terms.plan)
      })
      .catch((error: unknown) =>
        setPromo({
          status: 'refused',
          code,
          message:
            error instanceof ApiError && error.body
              ? error.message
              : t`The promo code could not be checked. Try again.`,
        }),
      )
  const checkPromo = (input: string) => {
    const code = input.trim()
    if (!code) return setPromo({ status: 'none' })
    setPromo({ status: 'checking', code })
    void lookUp(code)
  }
  useEffect(() => {
    // Checked once, as the page opens with the code of the graduates' page.
    if (fromUrl) void lookUp(fromUrl)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromUrl])

  /** The percent off the chosen plan, when the checked code applies to it. */
  const percentOff =
    promo.status === 'valid' && (!promo.terms.plan || promo.terms.plan === plan) ? promo.terms.percent_off : 0
  const offer = wallet.plans.find((one) => one.plan === plan) ?? wallet.plans[0]
  const fullPriceOf = (count: number) => offer?.prices.find((price) => price.months === count)?.amount ?? 0
  const priceOf = (count: number) =>
    percentOff ? discountedPrice(fullPriceOf(count), percentOff) : fullPriceOf(count)

  // Time already paid for (the plan now, and any queued after it): a plan bought now starts when it ends, not today.
  const [now] = useState(Date.now)
  const queuedFrom = wallet.paid_until && Date.parse(wallet.paid_until) > now ? wallet.paid_until : null
  const until = queuedFrom ? formatDate(queuedFrom) : ''
  const chosen = words.plans[plan]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!provider || sending === 'busy') return
    const code = promoInput.trim()
    const applied = promo.status === 'valid' ? promo.terms.code : ''
    // A code typed but not checked yet is checked first: the price on the button is then the price paid.
    if (code.toUpperCase() !== applied.toUpperCase()) return checkPromo(code)
    setSending('busy')
    walletApi
      .checkout({ plan, months, provider, ...(code && { promo_code: code }) })
      .then((checkout) => goToCheckout(checkout.url))
      .catch((error: unknown) => {
        const promoRefusal = error instanceof ApiError ? error.fields.promo_code?.[0] : undefined
        if (promoRefusal) {
          setPromo({ status: 'refused', code, message: promoRefusal })
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
      <fieldset className="wallet__group">
        <legend>
          <Trans>Plan</Trans>
        </legend>
        <div className="wallet__plans">
          {wallet.plans.map((one) => (
            <div key={one.plan} className="wallet__plan">
              <label className="wallet__plan-head">
                <input
                  type="radio"
                  name="plan"
                  value={one.plan}
                  checked={plan === one.plan}
                  onChange={() => setPlan(one.plan)}
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
                onChange={() => setMonths(count)}
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
      {canBuy && (
        <>
          <div className="wallet__group">
            <label htmlFor="wallet-promo">
              <Trans>Promo code</Trans>
            </label>
            <div className="wallet__options">
              <input
                id="wallet-promo"
                name="promo_code"
                value={promoInput}
                maxLength={PROMO_CODE_MAX}
                autoComplete="off"
                autoCapitalize="characters"
                aria-invalid={promo.status === 'refused'}
                aria-describedby="wallet-promo-state"
                onChange={(event) => {
                  setPromoInput(event.target.value)
                  setPromo({ status: 'none' })
                }}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => checkPromo(promoInput)}
              >
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
          <fieldset className="wallet__group">
            <legend>
              <Trans>Payment system</Trans>
            </legend>
            <div className="wallet__options">
              {wallet.providers.map((one) => (
                <label key={one.provider} className="wallet__option">
                  <input
                    type="radio"
                    name="provider"
                    value={one.provider}
                    checked={provider === one.provider}
                    disabled={!one.available}
                    onChange={() => setProvider(one.provider)}
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
          {queuedFrom && (
            <p id="wallet-queue-note" className="wallet__queue-note">
              {t`Your paid time runs until ${until}. The “${chosen}” plan you pay for now starts on ${until}, after it: its features open only then.`}
            </p>
          )}
          <button
            type="submit"
            className="button"
            aria-disabled={!provider || sending === 'busy'}
            aria-describedby={queuedFrom ? 'wallet-queue-note' : undefined}
          >
            {sending === 'busy' ? (
              <Trans>Going to the payment…</Trans>
            ) : (
              t`Pay ${formatSom(priceOf(months))} so'm`
            )}
          </button>
        </>
      )}
    </form>
  )
}
