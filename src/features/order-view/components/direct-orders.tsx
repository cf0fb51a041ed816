import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Order } from '#contract/schemas/orders.ts'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { useOrderEvents } from '#src/lib/live-orders.ts'
import { useSession } from '#src/lib/session-store.ts'
import { orderApi } from '../api/order-api.ts'
import { useStateText } from '#src/features/order-words/order-words.ts'
import { formatDateTime } from '#src/lib/format.ts'
import '../order-view.css'

/** The caller's direct orders: the ones a customer sent, or the ones an executor received. */
export function DirectOrders() {
  const stateText = useStateText()
  const type = useSession((state) => state.profile?.type)
  const key = `orders:direct:${type}`
  const loaded = useSaved(key, orderApi.directOrders)
  // Read again when the socket tells of an order (one sent to this specialist, a step the other person took).
  const [fresh, setFresh] = useState<{ key: string; orders: Order[] } | null>(null)
  useOrderEvents('any', () => {
    orderApi
      .directOrders()
      .then((answer) => (answer.saved ? undefined : setFresh({ key, orders: answer.data })))
      .catch(() => undefined)
  })
  const orders =
    loaded.status === 'ready' && fresh?.key === key
      ? { ...loaded, data: fresh.orders, saved: false as const }
      : loaded
  return (
    <section aria-labelledby="direct-orders">
      <h2 id="direct-orders" className="order__heading">
        {type === 'executor' ? <Trans>Orders sent to you</Trans> : <Trans>Orders you sent</Trans>}
      </h2>
      {orders.status === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {orders.status === 'failed' && (
        <p role="alert">
          <Trans>The list cannot be loaded. Check the connection and try again.</Trans>
        </p>
      )}
      {orders.status === 'ready' && orders.saved && <SavedNotice savedAt={orders.savedAt} />}
      {orders.status === 'ready' && orders.data.length === 0 && (
        <p>
          {type === 'executor' ? (
            <Trans>No one has sent you an order yet.</Trans>
          ) : (
            <Trans>You have not sent a direct order yet. Open a specialist's profile to send them one.</Trans>
          )}
        </p>
      )}
      {orders.status === 'ready' && orders.data.length > 0 && (
        <ul className="direct-list">
          {orders.data.map((order) => (
            <li key={order.id}>
              <Link to="/direct/order/$orderId" params={{ orderId: String(order.id) }}>
                <strong>{order.name}</strong>
                <span>
                  {stateText(order)} ·{' '}
                  <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
