import { Trans, useLingui } from '@lingui/react/macro'
import { Download } from 'lucide-react'
import { useState } from 'react'
import type { WalletTransaction } from '#contract/schemas/wallet.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { formatSom } from '../money.ts'
import { walletApi } from '../wallet-api.ts'
import { PROVIDER_NAMES, useWalletWords } from '../words.ts'
import { Fact } from './fact.tsx'
import { WalletList } from './wallet-list.tsx'

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
  const userId = useSession((state) => state.profile?.id ?? 0)
  const list = usePagedList<WalletTransaction>(
    `wallet-transactions:${userId}`,
    async (page) => {
      const answer = await walletApi.transactions(page, TRANSACTIONS_PER_PAGE)
      return { items: answer.collection, total: answer.meta.total, savedAt: null }
    },
    TRANSACTIONS_PER_PAGE,
  )

  return (
    <section className="wallet__history" aria-labelledby="wallet-history-title">
      <CsvDownload listed={list.items.length > 0} />
      <WalletList
        list={list}
        words={{
          loading: <Trans>Loading the payments…</Trans>,
          offline: <Trans>No internet connection: the payments could not be loaded.</Trans>,
          failed: <Trans>The payments could not be loaded.</Trans>,
          empty: <Trans>No payments yet.</Trans>,
          nextOffline: <Trans>No internet connection: the next payments could not be loaded.</Trans>,
          nextFailed: <Trans>The next payments could not be loaded.</Trans>,
          more: <Trans>Show more payments</Trans>,
        }}
        row={(item) => <Payment item={item} />}
      />
    </section>
  )
}

/** The history's heading and, once there is a payment, the whole history as a CSV file. */
function CsvDownload({ listed }: { listed: boolean }) {
  const [csv, setCsv] = useState<'idle' | 'busy' | 'failed' | 'offline'>('idle')
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
    <>
      <div className="wallet__history-head">
        <h2 id="wallet-history-title">
          <Trans>Payment history</Trans>
        </h2>
        {listed && (
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
    </>
  )
}

/** One payment: what was bought, for how much, its status, how and when it was paid. */
function Payment({ item }: { item: WalletTransaction }) {
  const { t } = useLingui()
  const words = useWalletWords()
  return (
    <>
      <p className="wallet__transaction-title">
        <span>{t`${words.plans[item.plan]}, ${words.months(item.months)}`}</span>
        <span className="wallet__amount">{t`${formatSom(item.amount)} so'm`}</span>
      </p>
      <dl className="wallet__transaction-facts">
        <Fact label={<Trans>Status</Trans>} className={`wallet__status wallet__status--${item.status}`}>
          {words.statuses[item.status]}
        </Fact>
        <Fact label={<Trans>Payment system</Trans>}>{PROVIDER_NAMES[item.provider]}</Fact>
        {item.card && <Fact label={<Trans>Card</Trans>}>{item.card}</Fact>}
        <Fact label={<Trans>Date</Trans>}>
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
        </Fact>
      </dl>
    </>
  )
}
