import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import {
  PLAN_MONTHS,
  type PaymentProvider,
  type Plan,
  type PlanMonths,
  type Wallet,
} from '#contract/schemas/wallet.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { formatSom } from '../money.ts'
import { walletApi } from '../wallet-api.ts'
import { PROVIDER_NAMES, useWalletWords } from '../words.ts'

/** Sends the browser to the provider's checkout (or the sandbox page); a seam for the tests. */
export const goToCheckout = (url: string) => window.location.assign(url)

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

  const offer = wallet.plans.find((one) => one.plan === plan) ?? wallet.plans[0]
  const priceOf = (count: number) => offer?.prices.find((price) => price.months === count)?.amount ?? 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!provider || sending === 'busy') return
    setSending('busy')
    walletApi
      .checkout({ plan, months, provider })
      .then((checkout) => goToCheckout(checkout.url))
      .catch((error: unknown) =>
        setSending({
          error:
            error instanceof ApiError && error.status === 0
              ? t`No internet connection: the payment could not be started.`
              : error instanceof ApiError && error.body
                ? error.message
                : t`The payment could not be started. Try again.`,
        }),
      )
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
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {canBuy && (
        <>
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
          <button type="submit" className="button" aria-disabled={!provider || sending === 'busy'}>
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
