import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { Wallet } from '#contract/schemas/wallet.ts'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { formatDate } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { formatSom } from '../money.ts'
import '../wallet.css'
import { walletApi } from '../wallet-api.ts'
import { useWalletWords } from '../words.ts'
import { PlanForm } from './plan-form.tsx'
import { RefusedServices } from './refused-services.tsx'
import { TransactionHistory } from './transaction-history.tsx'
import { WalletFaq } from './wallet-faq.tsx'

type Loaded =
  { status: 'loading' } | { status: 'failed'; offline: boolean } | { status: 'ready'; wallet: Wallet }

/**
 * /wallet: the current plan and the balance, the three plans to buy for 1, 2 or 3 months through Payme or Click,
 * the history of payments, a specialist's refused services and the questions people ask (spec section 2;
 * docs/decisions/015).
 */
export function WalletScreen() {
  const { t } = useLingui()
  const words = useWalletWords()
  const specialist = useSession((state) => state.profile?.type === 'executor')
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })

  useEffect(() => {
    let live = true
    walletApi
      .wallet()
      .then((wallet) => live && setLoaded({ status: 'ready', wallet }))
      .catch(
        (error: unknown) =>
          live && setLoaded({ status: 'failed', offline: error instanceof ApiError && error.status === 0 }),
      )
    return () => {
      live = false
    }
  }, [attempt])

  return (
    <ScreenLayout title={t`Wallet`} lead={t`Tariff plans, your payments and answers about them.`}>
      {loaded.status === 'loading' ? (
        <p role="status">
          <Trans>Loading the wallet…</Trans>
        </p>
      ) : loaded.status === 'failed' ? (
        <div role="alert" className="wallet__problem">
          <p>
            {loaded.offline ? (
              <Trans>No internet connection: the wallet could not be loaded.</Trans>
            ) : (
              <Trans>The wallet could not be loaded.</Trans>
            )}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setLoaded({ status: 'loading' })
              setAttempt((count) => count + 1)
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <>
          <section className="wallet__summary" aria-labelledby="wallet-summary-title">
            <h2 id="wallet-summary-title">
              <Trans>Your plan</Trans>
            </h2>
            <dl className="wallet__facts">
              <div>
                <dt>
                  <Trans>Current plan</Trans>
                </dt>
                <dd>
                  {loaded.wallet.plan && loaded.wallet.until
                    ? t`${words.plans[loaded.wallet.plan]}, until ${formatDate(loaded.wallet.until)}`
                    : t`No plan`}
                </dd>
              </div>
              {loaded.wallet.periods.slice(1).map((period) => (
                <div key={period.starts_at}>
                  <dt>
                    <Trans>Queued next</Trans>
                  </dt>
                  <dd>
                    {t`${words.plans[period.plan]} from ${formatDate(period.starts_at)} until ${formatDate(period.ends_at)}`}
                  </dd>
                </div>
              ))}
              <div>
                <dt>
                  <Trans>Balance</Trans>
                </dt>
                <dd>{t`${formatSom(loaded.wallet.balance)} so'm`}</dd>
              </div>
            </dl>
          </section>
          {!specialist && (
            <p className="wallet__notice" role="note">
              <Trans>
                Tariff plans are for specialists. To buy one, switch to the specialist mode in the member
                menu.
              </Trans>
            </p>
          )}
          <p className="wallet__notice">
            <Link to="/graduates">
              <Trans>Graduates of the training centre: a plan on graduates' terms with a promo code</Trans>
            </Link>
          </p>
          <PlanForm wallet={loaded.wallet} canBuy={specialist} />
          <TransactionHistory />
          {specialist && <RefusedServices />}
        </>
      )}
      <WalletFaq />
    </ScreenLayout>
  )
}
