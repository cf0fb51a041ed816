import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import type { RefusalReason, RefusedOrder } from '#contract/schemas/wallet.ts'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { formatDateTime } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { formatPrice, type PriceWords } from '#src/features/order-words/format.ts'
import { walletApi } from '../wallet-api.ts'

export const REFUSED_PER_PAGE = 20

/** A row of the report with the numeric key the paged list wants: one per refusal (an order may be refused twice). */
type Row = RefusedOrder & { id: number }

/**
 * The refused-services report (docs/decisions/015): the orders where the specialist was chosen and the customer
 * then cancelled or chose someone else, newest first, page by page like the history. Never charged.
 */
export function RefusedServices() {
  const { t } = useLingui()
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

  const list = usePagedList<Row>(
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
  const orderNumber = (number: string) => t`Order No. ${number}`

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
      {list.status === 'loading' ? (
        <p role="status">
          <Trans>Loading the refused services…</Trans>
        </p>
      ) : list.status === 'failed' ? (
        <div role="alert" className="wallet__problem">
          <p>
            {list.offline ? (
              <Trans>No internet connection: the refused services could not be loaded.</Trans>
            ) : (
              <Trans>The refused services could not be loaded.</Trans>
            )}
          </p>
          <button type="button" className="button button--secondary" onClick={list.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <p className="wallet__empty">
          <Trans>No refused services.</Trans>
        </p>
      ) : (
        <>
          <ul className="wallet__transactions">
            {list.items.map((row) => {
              const number = orderNumber(row.number)
              return (
                <li key={row.id} className="wallet__transaction">
                  <h3 className="wallet__transaction-title wallet__refused-title">
                    {row.order_id ? (
                      <Link to="/order/$orderId" params={{ orderId: String(row.order_id) }}>
                        {number}
                      </Link>
                    ) : (
                      <span>{number}</span>
                    )}
                    <span className="wallet__refused-name">{row.name}</span>
                  </h3>
                  <dl className="wallet__transaction-facts">
                    <div>
                      <dt>
                        <Trans>Price</Trans>
                      </dt>
                      <dd>{formatPrice(row, priceWords)}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Reason</Trans>
                      </dt>
                      <dd>{reasons[row.reason]}</dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>You were chosen</Trans>
                      </dt>
                      <dd>
                        <time dateTime={row.chosen_at}>{formatDateTime(row.chosen_at)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Customer refused</Trans>
                      </dt>
                      <dd>
                        <time dateTime={row.refused_at}>{formatDateTime(row.refused_at)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>
                        <Trans>Charge</Trans>
                      </dt>
                      <dd className="wallet__not-charged">
                        <Trans>Not charged</Trans>
                      </dd>
                    </div>
                  </dl>
                </li>
              )
            })}
          </ul>
          <PagedListEnd
            list={list}
            problemClassName="wallet__problem"
            failed={
              list.offline ? (
                <Trans>No internet connection: the next refused services could not be loaded.</Trans>
              ) : (
                <Trans>The next refused services could not be loaded.</Trans>
              )
            }
            label={<Trans>Show more refused services</Trans>}
          />
        </>
      )}
    </section>
  )
}
