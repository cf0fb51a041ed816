import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import type { Invoice, Wallet } from '#contract/schemas/wallet.ts'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { formatDate } from '#src/lib/format.ts'
import { formatSom } from '../money.ts'
import '../wallet.css'
import { walletApi } from '../wallet-api.ts'
import { PROVIDER_NAMES, useWalletWords } from '../words.ts'
import { Fact } from './fact.tsx'
import { haptic } from '#src/lib/haptics.ts'

/** A pending payment is asked again every 3 s, for about two minutes. */
export const POLL_EVERY_MS = 3000
export const POLL_TIMES = 40

type State =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; offline: boolean }
  | { status: 'ready'; invoice: Invoice; wallet: Wallet | null; gaveUp: boolean }

/**
 * The invoice as the server has it, asked again every POLL_EVERY_MS while the provider has not confirmed it (at
 * most POLL_TIMES times: `gaveUp`), with the wallet once it is paid; `again` asks from the start.
 */
function useInvoice(invoiceId: number | undefined) {
  const [state, setState] = useState<State>(invoiceId ? { status: 'loading' } : { status: 'missing' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!invoiceId) return
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = async (times: number) => {
      try {
        const invoice = await walletApi.invoice(invoiceId)
        if (!live) return
        if (invoice.status === 'pending') {
          setState({ status: 'ready', invoice, wallet: null, gaveUp: times >= POLL_TIMES })
          if (times < POLL_TIMES) timer = setTimeout(() => void ask(times + 1), POLL_EVERY_MS)
          return
        }
        // The plan's dates are the wallet's: a plan bought while another runs is queued after it.
        const wallet = invoice.status === 'paid' ? await walletApi.wallet().catch(() => null) : null
        if (!live) return
        // Paid or not, the payment is settled: the phone says which (inside Telegram).
        haptic(invoice.status === 'paid' ? 'success' : 'error')
        setState({ status: 'ready', invoice, wallet, gaveUp: false })
      } catch (error) {
        if (!live) return
        if (error instanceof ApiError && error.status === 404) setState({ status: 'missing' })
        else setState({ status: 'failed', offline: error instanceof ApiError && error.status === 0 })
      }
    }
    void ask(1)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [invoiceId, attempt])

  const again = () => {
    setState({ status: 'loading' })
    setAttempt((count) => count + 1)
  }
  return { state, again }
}

/**
 * /wallet/success and /wallet/failed: what the provider's checkout sent the person back with is only a hint; the
 * page reads the invoice and shows its real state, asking again while the provider has not confirmed it.
 */
export function PaymentResult({ invoiceId }: { invoiceId: number | undefined }) {
  const { t } = useLingui()
  const { state, again } = useInvoice(invoiceId)
  const back = (
    <Link to="/wallet" className="button button--secondary">
      <Trans>Back to the wallet</Trans>
    </Link>
  )

  if (state.status === 'loading')
    return (
      <ScreenLayout title={t`Payment`}>
        <p role="status">
          <Trans>Checking the payment…</Trans>
        </p>
      </ScreenLayout>
    )
  if (state.status === 'missing')
    return (
      <ScreenLayout title={t`Payment not found`}>
        <p role="alert">
          {invoiceId ? (
            <Trans>There is no such payment among yours.</Trans>
          ) : (
            <Trans>The address does not say which payment to show.</Trans>
          )}
        </p>
        {back}
      </ScreenLayout>
    )
  if (state.status === 'failed')
    return (
      <ScreenLayout title={t`Payment`}>
        <div role="alert" className="wallet__problem">
          <p>
            {state.offline ? (
              <Trans>No internet connection: the state of the payment could not be checked.</Trans>
            ) : (
              <Trans>The state of the payment could not be checked.</Trans>
            )}
          </p>
          <button type="button" className="button" onClick={again}>
            <Trans>Try again</Trans>
          </button>
        </div>
        {back}
      </ScreenLayout>
    )
  return <InvoiceResult state={state} again={again} back={back} />
}

/** A payment the server knows: paid (with the plan's dates), still pending, or failed (or refunded). */
function InvoiceResult({
  state: { invoice, wallet, gaveUp },
  again,
  back,
}: {
  state: Extract<State, { status: 'ready' }>
  again: () => void
  back: ReactNode
}) {
  const { t } = useLingui()
  const words = useWalletWords()
  const plan = words.plans[invoice.plan]
  const details = (
    <dl className="wallet__facts">
      <Fact label={<Trans>Plan</Trans>}>{t`${plan}, ${words.months(invoice.months)}`}</Fact>
      <Fact label={<Trans>Amount</Trans>}>{t`${formatSom(invoice.amount)} so'm`}</Fact>
      <Fact label={<Trans>Payment system</Trans>}>{PROVIDER_NAMES[invoice.provider]}</Fact>
    </dl>
  )

  if (invoice.status === 'paid') {
    const period = wallet?.periods.filter((one) => one.plan === invoice.plan).at(-1)
    const active = wallet?.plan === invoice.plan && wallet.until
    return (
      <ScreenLayout title={t`Payment completed`}>
        <p role="status" className="wallet__result wallet__result--paid">
          {active ? (
            <Trans>
              Payment received, your plan {plan} is active until {formatDate(wallet.until!)}
            </Trans>
          ) : period ? (
            <Trans>
              Payment received, your plan {plan} starts on {formatDate(period.starts_at)} and is active until{' '}
              {formatDate(period.ends_at)}
            </Trans>
          ) : (
            <Trans>Payment received, your plan {plan} is active.</Trans>
          )}
        </p>
        {details}
        {back}
      </ScreenLayout>
    )
  }
  if (invoice.status === 'pending')
    return (
      <ScreenLayout title={t`Payment is being confirmed`}>
        <p role="status" className="wallet__result">
          {gaveUp ? (
            <Trans>
              The payment system has still not confirmed the payment. It will appear in your payment history
              once it does.
            </Trans>
          ) : (
            <Trans>
              The payment is still being confirmed by the payment system. This page will update itself.
            </Trans>
          )}
        </p>
        {details}
        {gaveUp && (
          <button type="button" className="button" onClick={again}>
            <Trans>Check again</Trans>
          </button>
        )}
        {back}
      </ScreenLayout>
    )
  return (
    <ScreenLayout title={t`Payment failed`}>
      <p role="alert" className="wallet__result wallet__result--failed">
        <Trans>The payment failed or was cancelled, try later.</Trans>
      </p>
      {invoice.status === 'refunded' && (
        <p>
          <Trans>This payment was refunded, and the days of the plan bought with it were removed.</Trans>
        </p>
      )}
      {details}
      {back}
    </ScreenLayout>
  )
}
