import { Trans, useLingui } from '@lingui/react/macro'
import { Download } from 'lucide-react'
import { useState } from 'react'
import type { WalletTransaction } from '#contract/schemas/wallet.ts'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { formatSom } from '../money.ts'
import { walletApi } from '../wallet-api.ts'
import { PROVIDER_NAMES, useWalletWords } from '../words.ts'

export const TRANSACTIONS_PER_PAGE = 20
export const CSV_FILE_NAME = 'fika-wallet.csv'

/** Saves a Blob as a file: an object URL on a temporary `<a download>`. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Every payment, newest first, page by page as the API pages them, and the whole history as CSV. */
export function TransactionHistory() {
  const { t } = useLingui()
  const words = useWalletWords()
  const userId = useSession((state) => state.profile?.id ?? 0)
  const [csv, setCsv] = useState<'idle' | 'busy' | 'failed' | 'offline'>('idle')

  const list = usePagedList<WalletTransaction>(
    `wallet-transactions:${userId}`,
    async (page) => {
      const answer = await walletApi.transactions(page, TRANSACTIONS_PER_PAGE)
      return { items: answer.collection, total: answer.meta.total, savedAt: null }
    },
    TRANSACTIONS_PER_PAGE,
  )

  const download = () => {
    if (csv === 'busy') return
    setCsv('busy')
    walletApi
      .transactionsCsv()
      .then((blob) => {
        saveFile(blob, CSV_FILE_NAME)
        setCsv('idle')
      })
      .catch((error: unknown) =>
        setCsv(error instanceof ApiError && error.status === 0 ? 'offline' : 'failed'),
      )
  }

  return (
    <section className="wallet__history" aria-labelledby="wallet-history-title">
      <div className="wallet__history-head">
        <h2 id="wallet-history-title">
          <Trans>Payment history</Trans>
        </h2>
        {list.items.length > 0 && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={download}
            aria-disabled={csv === 'busy'}
          >
            <Download aria-hidden="true" />
            {csv === 'busy' ? <Trans>Preparing the file…</Trans> : <Trans>Download CSV</Trans>}
          </button>
        )}
      </div>
      {(csv === 'failed' || csv === 'offline') && (
        <p role="alert" className="wallet__problem">
          {csv === 'offline' ? (
            <Trans>No internet connection: the file could not be downloaded.</Trans>
          ) : (
            <Trans>The file could not be downloaded. Try again.</Trans>
          )}
        </p>
      )}
      {list.status === 'loading' ? (
        <p role="status">
          <Trans>Loading the payments…</Trans>
        </p>
      ) : list.status === 'failed' ? (
        <div role="alert" className="wallet__problem">
          <p>
            {list.offline ? (
              <Trans>No internet connection: the payments could not be loaded.</Trans>
            ) : (
              <Trans>The payments could not be loaded.</Trans>
            )}
          </p>
          <button type="button" className="button button--secondary" onClick={list.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <p className="wallet__empty">
          <Trans>No payments yet.</Trans>
        </p>
      ) : (
        <>
          <ul className="wallet__transactions">
            {list.items.map((item) => (
              <li key={item.id} className="wallet__transaction">
                <p className="wallet__transaction-title">
                  <span>{t`${words.plans[item.plan]}, ${words.months(item.months)}`}</span>
                  <span className="wallet__amount">{t`${formatSom(item.amount)} so'm`}</span>
                </p>
                <dl className="wallet__transaction-facts">
                  <div>
                    <dt>
                      <Trans>Status</Trans>
                    </dt>
                    <dd className={`wallet__status wallet__status--${item.status}`}>
                      {words.statuses[item.status]}
                    </dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Payment system</Trans>
                    </dt>
                    <dd>{PROVIDER_NAMES[item.provider]}</dd>
                  </div>
                  {item.card && (
                    <div>
                      <dt>
                        <Trans>Card</Trans>
                      </dt>
                      <dd>{item.card}</dd>
                    </div>
                  )}
                  <div>
                    <dt>
                      <Trans>Date</Trans>
                    </dt>
                    <dd>
                      <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <PagedListEnd
            list={list}
            problemClassName="wallet__problem"
            failed={
              list.offline ? (
                <Trans>No internet connection: the next payments could not be loaded.</Trans>
              ) : (
                <Trans>The next payments could not be loaded.</Trans>
              )
            }
            label={<Trans>Show more payments</Trans>}
          />
        </>
      )}
    </section>
  )
}
