import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Order } from '#contract/schemas/orders.ts'
import type { ProgressEntry } from '#contract/schemas/progress.ts'
import { NotFound } from '#src/components/not-found.tsx'
import { NotSaved } from '#src/components/not-saved.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { OpenChatButton } from '#src/features/chat-entry/components/open-chat-button.tsx'
import { useOrderEvents } from '#src/lib/live-orders.ts'
import { newerProgress, useProgressEvents } from '#src/lib/live-progress.ts'
import { useSession } from '#src/lib/session-store.ts'
import { ReportButton } from '#src/components/report-button.tsx'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { orderApi } from '../api/order-api.ts'
import { OrderActions } from './order-actions.tsx'
import { OrderDetails } from './order-details.tsx'
import { OrderProgress } from './order-progress.tsx'
import { RepliesSection, type Viewer } from './replies-section.tsx'
import { ReviewSection } from './review-section.tsx'
import '../order-view.css'

/** /order/{id} and /direct/order/{id}: the order, its replies, and what the caller may do with it. */
/** A guest logs in on this page before reporting, then stays here. */
const askToLogInHere = () => useAuthModal.getState().show('login', { stayOnPage: true })

export function OrderScreen({ orderId }: { orderId: number }) {
  const token = useSession((state) => state.token)
  // The token is in the key: logging in shows what the server lets this person see.
  const key = `order:${orderId}:${token ? 'user' : 'guest'}`
  const loaded = useSaved(key, () => orderApi.order(orderId))
  // What the caller's own actions made of the order, for as long as the same order is loaded.
  const [changed, setChanged] = useState<{ key: string; order: Order } | null>(null)
  // Counts what the socket said about this order: the replies read again on each.
  const [live, setLive] = useState(0)
  // The chosen specialist sees Accept and Decline, the customer a new reply, without reloading the page.
  useOrderEvents(orderId, () => {
    setLive((count) => count + 1)
    orderApi
      .order(orderId)
      // A copy from the device (no network) is no news: what is on screen stays.
      .then((fresh) => (fresh.saved ? undefined : setChanged({ key, order: fresh.data })))
      .catch(() => undefined)
  })
  // The specialist's steps as the socket brings them, shown at once without reading the order again.
  const [liveProgress, setLiveProgress] = useState<{ key: string; progress: ProgressEntry[] } | null>(null)
  useProgressEvents(orderId, (progress) => setLiveProgress({ key, progress }))

  if (loaded.status === 'failed') return loaded.offline ? <NotSaved /> : <NotFound />
  if (loaded.status === 'loading') {
    return (
      <p role="status" className="screen">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  const order = changed?.key === key ? changed.order : loaded.data
  // Only a reader the server gave the steps to (its customer, its specialist) gets the socket's ones added.
  const progress =
    order.progress &&
    newerProgress(order.progress, liveProgress?.key === key ? liveProgress.progress : undefined)
  return (
    <OrderView
      order={progress ? { ...order, progress } : order}
      savedAt={loaded.saved ? loaded.savedAt : null}
      onChange={(order) => setChanged({ key, order })}
      live={live}
    />
  )
}

type OrderViewProps = {
  order: Order
  savedAt: number | null
  onChange: (order: Order) => void
  /** Changes when the socket said something about the order. */
  live: number
}

function OrderView({ order, savedAt, onChange, live }: OrderViewProps) {
  const { t } = useLingui()
  const profile = useSession((state) => state.profile)
  const token = useSession((state) => state.token)
  const isCustomer = profile?.id === order.customer_id
  const isChosen = profile !== null && profile.id === order.executor_id
  const viewer: Viewer = !token
    ? 'guest'
    : isCustomer
      ? 'customer'
      : profile?.type === 'executor'
        ? 'executor'
        : 'other-customer'

  return (
    <ScreenLayout title={order.name} description={order.description ?? t`Order on Fika`}>
      {savedAt !== null && <SavedNotice savedAt={savedAt} />}
      {order.is_direct && (
        <p className="order__direct">
          {isChosen ? (
            <Trans>This order was sent to you personally.</Trans>
          ) : (
            <Trans>A direct order: sent to one chosen specialist.</Trans>
          )}
        </p>
      )}
      <OrderDetails order={order} />
      {order.progress &&
        (isCustomer || isChosen) &&
        (order.status === 'in_progress' || order.progress.length > 0) && (
          <OrderProgress
            progress={order.progress}
            viewer={isCustomer ? 'customer' : 'specialist'}
            canConfirm={isCustomer && savedAt === null && order.status === 'in_progress'}
          />
        )}
      {/* The chosen specialist (the one of a direct order too) agrees the details with the customer in the chat. */}
      {isChosen && savedAt === null && (
        <OpenChatButton target={{ user_id: order.customer_id, order_id: order.id }}>
          <Trans>Chat with the customer</Trans>
        </OpenChatButton>
      )}
      {/* A direct order has no replies, whose buttons lead the customer to the chat of every other order. */}
      {isCustomer && order.is_direct && order.executor_id !== null && savedAt === null && (
        <OpenChatButton target={{ user_id: order.executor_id, order_id: order.id }}>
          <Trans>Chat with the specialist</Trans>
        </OpenChatButton>
      )}
      {/* Steps need the server; a reply can be written offline and waits in the outbox. */}
      {savedAt === null && (
        <OrderActions
          order={order}
          role={isCustomer ? 'customer' : isChosen ? 'chosen' : 'other'}
          onChange={onChange}
        />
      )}
      {!order.is_direct && <RepliesSection order={order} viewer={viewer} onChange={onChange} live={live} />}
      {savedAt === null && <ReviewSection order={order} isCustomer={isCustomer} />}
      {!isCustomer && savedAt === null && (
        <ReportButton item={{ kind: 'order', id: order.id }} askToLogIn={askToLogInHere} />
      )}
    </ScreenLayout>
  )
}
