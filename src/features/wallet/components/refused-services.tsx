import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import type { RefusalReason, RefusedOrder } from '#contract/schemas/wallet.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { formatPrice, type PriceWords } from '#src/features/order-words/format.ts'
import { walletApi } from '../wallet-api.ts'
import { Fact } from './fact.tsx'
import { WalletList } from './wallet-list.tsx'

export const REFUSED_PER_PAGE = 20

/** A row of the report with the numeric key the paged list wants: one per refusal (an order may be refused twice). */
type Row = RefusedOrder & { id: number }

/**
 * The refused-services report (docs/decisions/015): the orders where the specialist was chosen and the customer
 * then cancelled or chose someone else, newest first, page by page like the history. Never charged.
 */
export function RefusedServices() {
  const list = useRefusedList()
  return (
    <section className="wallet__refused" aria-labelledby="wallet-refused-title">
      <h2 id="wallet-refused-title">
        <Trans>Refused services</Trans>
      </h2>
      <p className="wallet__lead">
        <Trans>
          Orders where you were chosen and the customer then cancelled or chose someone else. You are never
          charged for them.
        </Trans>
      </p>
      <WalletList
        list={list}
        words={{
          loading: <Trans>Loading the refused services…</Trans>,
          offline: <Trans>No internet connection: the refused services could not be loaded.</Trans>,
          failed: <Trans>The refused services could not be loaded.</Trans>,
          empty: <Trans>No refused services.</Trans>,
          nextOffline: <Trans>No internet connection: the next refused services could not be loaded.</Trans>,
          nextFailed: <Trans>The next refused services could not be loaded.</Trans>,
          more: <Trans>Show more refused services</Trans>,
        }}
        row={(row) => <Refusal row={row} />}
      />
    </section>
  )
}

/** The person's refusals, page by page, each with a key of its own. */
function useRefusedList() {
  const userId = useSession((state) => state.profile?.id ?? 0)
  // The same refusal keeps its key across pages, so a row shifted onto the next page is not listed twice.
  const keys = useRef(new Map<string, number>())
  const keyOf = (row: RefusedOrder) => {
    const name = `${row.order_id}:${row.number}:${row.refused_at}`
    let key = keys.current.get(name)
    if (key === undefined) {
      key = keys.current.size + 1
      keys.current.set(name, key)
    }
    return key
  }
  return usePagedList<Row>(
    `wallet-refused:${userId}`,
    async (page) => {
      const answer = await walletApi.refused(page, REFUSED_PER_PAGE)
      return {
        items: answer.collection.map((row) => ({ ...row, id: keyOf(row) })),
        total: answer.meta.total,
        savedAt: null,
      }
    },
    REFUSED_PER_PAGE,
  )
}

/** One refused service: the order (a link while it exists), its price, why and when, and that it was not charged. */
function Refusal({ row }: { row: Row }) {
  const { t } = useLingui()
  // The same words as the order cards (src/features/order-words), in the wallet's catalogs.
  const priceWords: PriceWords = {
    som: (amount) => t`${amount} so'm`,
    range: (from, to) => t`${from} – ${to} so'm`,
    from: (amount) => t`from ${amount} so'm`,
    upTo: (amount) => t`up to ${amount} so'm`,
    negotiable: t`Price by agreement`,
  }
  const reasons: Record<RefusalReason, string> = {
    canceled: t`The customer cancelled the order`,
    replaced: t`The customer chose another specialist`,
  }
  const { number } = row
  const title = t`Order No. ${number}`
  return (
    <>
      <h3 className="wallet__transaction-title wallet__refused-title">
        {row.order_id ? (
          <Link to="/order/$orderId" params={{ orderId: String(row.order_id) }}>
            {title}
          </Link>
        ) : (
          <span>{title}</span>
        )}
        <span className="wallet__refused-name">{row.name}</span>
      </h3>
      <dl className="wallet__transaction-facts">
        <Fact label={<Trans>Price</Trans>}>{formatPrice(row, priceWords)}</Fact>
        <Fact label={<Trans>Reason</Trans>}>{reasons[row.reason]}</Fact>
        <Fact label={<Trans>You were chosen</Trans>}>
          <time dateTime={row.chosen_at}>{formatDateTime(row.chosen_at)}</time>
        </Fact>
        <Fact label={<Trans>Customer refused</Trans>}>
          <time dateTime={row.refused_at}>{formatDateTime(row.refused_at)}</time>
        </Fact>
        <Fact label={<Trans>Charge</Trans>} className="wallet__not-charged">
          <Trans>Not charged</Trans>
        </Fact>
      </dl>
    </>
  )
}
