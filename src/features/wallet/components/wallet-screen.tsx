import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { PagedListStates } from '#src/components/paged-list.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { formatDate } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { useLoaded } from '#src/lib/use-loaded.ts'
import { formatSom } from '../money.ts'
import '../wallet.css'
import { walletApi } from '../wallet-api.ts'
import { useWalletWords } from '../words.ts'
import { Fact } from './fact.tsx'
import { PlanForm } from './plan-form.tsx'
import { RefusedServices } from './refused-services.tsx'
import { TransactionHistory } from './transaction-history.tsx'
import { WalletFaq } from './wallet-faq.tsx'

/**
 * /wallet: the current plan and the balance, the three plans to buy for 1, 2 or 3 months through Payme or Click,
 * the history of payments, a specialist's refused services and the questions people ask (spec section 2;
 * docs/decisions/015).
 */
export function WalletScreen() {
  const { t } = useLingui()
  const words = useWalletWords()
  const specialist = useSession((state) => state.profile?.type === 'executor')
  const loaded = useLoaded(() => walletApi.wallet())

  return (
    <ScreenLayout title={t`Wallet`} lead={t`Tariff plans, your payments and answers about them.`}>
      <PagedListStates
        list={loaded}
        loading={<Trans>Loading the wallet…</Trans>}
        problemClassName="wallet__problem"
        offline={<Trans>No internet connection: the wallet could not be loaded.</Trans>}
        failed={<Trans>The wallet could not be loaded.</Trans>}
      >
        {() =>
          loaded.status === 'ready' && (
            <>
              <section className="wallet__summary" aria-labelledby="wallet-summary-title">
                <h2 id="wallet-summary-title">
                  <Trans>Your plan</Trans>
                </h2>
                <dl className="wallet__facts">
                  <Fact label={<Trans>Current plan</Trans>}>
                    {loaded.data.plan && loaded.data.until
                      ? t`${words.plans[loaded.data.plan]}, until ${formatDate(loaded.data.until)}`
                      : t`No plan`}
                  </Fact>
                  {loaded.data.periods.slice(1).map((period) => (
                    <Fact key={period.starts_at} label={<Trans>Queued next</Trans>}>
                      {t`${words.plans[period.plan]} from ${formatDate(period.starts_at)} until ${formatDate(period.ends_at)}`}
                    </Fact>
                  ))}
                  <Fact label={<Trans>Balance</Trans>}>{t`${formatSom(loaded.data.balance)} so'm`}</Fact>
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
                  <Trans>
                    Graduates of the training centre: a plan on graduates' terms with a promo code
                  </Trans>
                </Link>
              </p>
              <PlanForm wallet={loaded.data} canBuy={specialist} />
              <TransactionHistory />
              {specialist && <RefusedServices />}
            </>
          )
        }
      </PagedListStates>
      <WalletFaq />
    </ScreenLayout>
  )
}
