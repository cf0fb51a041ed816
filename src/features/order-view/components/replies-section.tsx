import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { Order } from '#contract/schemas/orders.ts'
import { VERIFICATION } from '#contract/schemas/profile.ts'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { OpenChatButton } from '#src/features/chat-entry/components/open-chat-button.tsx'
import { RatingSummary, VerifiedBadge } from '#src/features/specialist-words/words.tsx'
import { orderApi } from '../api/order-api.ts'
import type { Reply } from '../api/send-reply.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { userText, withUserText } from '#src/lib/user-text.tsx'
import { failureText } from '../messages.ts'
import { dropReplyDraft } from '../reply-draft.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { ReplyForm } from './reply-form.tsx'

export type Viewer = 'customer' | 'executor' | 'other-customer' | 'guest'

type RepliesSectionProps = {
  order: Order
  viewer: Viewer
  onChange: (order: Order) => void
  /** Changes when the socket said something about the order: the replies are read again. */
  live?: number
}

/** Replies as the viewer may see them: the customer all of them, an executor their own, a guest a way in. */
export function RepliesSection({ order, viewer, onChange, live = 0 }: RepliesSectionProps) {
  const { t, i18n } = useLingui()
  const [replies, setReplies] = useState<Reply[] | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)
  const [choosing, setChoosing] = useState<Reply | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const load = useCallback(() => {
    if (viewer === 'guest') return
    orderApi
      .replies(order.id)
      .then((found) => {
        setReplies(found)
        setLoadFailed(false)
      })
      .catch(() => setLoadFailed(true))
  }, [order.id, viewer])
  useEffect(load, [load, live])

  const choose = async (reply: Reply) => {
    setFailure(null)
    try {
      onChange(await orderApi.act(order.id, 'choose', reply.executor_id))
    } catch (error) {
      setFailure(failureText(i18n, error))
    }
    setChoosing(null)
  }

  const canChoose =
    (order.status === 'open' || order.status === 'inactive') && order.executor_id === null && !order.is_direct
  const own = viewer === 'executor' ? replies?.[0] : undefined
  // The server has the executor's reply: a draft of it on this device has nothing left to keep.
  useEffect(() => {
    if (own) dropReplyDraft(order.id)
  }, [own, order.id])
  const name = choosing?.executor_name ?? ''

  return (
    <section className="order__replies" aria-labelledby="order-replies">
      <h2 id="order-replies" className="order__heading">
        {viewer === 'customer' ? <Trans>Replies</Trans> : <Trans>Reply to the order</Trans>}
      </h2>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      {loadFailed && (
        <p role="status">
          <Trans>Replies cannot be loaded without a connection.</Trans>
        </p>
      )}
      {viewer === 'customer' && replies?.length === 0 && (
        <p>
          <Trans>No replies yet. Specialists usually reply within 10–20 minutes.</Trans>
        </p>
      )}
      {viewer === 'customer' && replies && replies.length > 0 && (
        <ul className="reply-list">
          {replies.map((reply) => (
            <ReplyItem
              key={reply.id}
              order={order}
              reply={reply}
              canChoose={canChoose}
              onChoose={() => setChoosing(reply)}
            />
          ))}
        </ul>
      )}
      {own && <OwnReply order={order} own={own} />}
      {viewer === 'executor' && (replies || loadFailed) && !own && order.status === 'open' && (
        <ReplyForm
          orderId={order.id}
          onSent={(reply) => {
            if (reply) setReplies([reply])
            else load()
            onChange({ ...order, replies_count: order.replies_count + 1 })
          }}
        />
      )}
      {order.status === 'open' && <ReplyInvitation viewer={viewer} />}
      <ConfirmDialog
        open={choosing !== null}
        title={withUserText((text) => t`Choose ${{ name: text(name) }} as the executor?`)}
        confirmLabel={t`Yes, choose`}
        onConfirm={() => (choosing ? choose(choosing) : Promise.resolve())}
        onClose={() => setChoosing(null)}
      >
        <p>
          <Trans>
            The specialist will be asked to accept the order. Others can no longer reply meanwhile.
          </Trans>
        </p>
      </ConfirmDialog>
    </section>
  )
}

type ReplyItemProps = { order: Order; reply: Reply; canChoose: boolean; onChoose: () => void }

/** One reply as the customer sees it: who, when, with their rating; choose them, or chat with them. */
function ReplyItem({ order, reply, canChoose, onChoose }: ReplyItemProps) {
  return (
    <li className="reply">
      <p className="reply__author">
        {/* Who replied, with what others said of them: the customer chooses with the profile at hand. */}
        <strong>
          <Link to="/profile/$slug" params={{ slug: reply.executor_slug }}>
            {reply.executor_name}
          </Link>
        </strong>{' '}
        <VerifiedBadge verification={reply.executor_verified ? VERIFICATION.verified : VERIFICATION.none} />{' '}
        <time dateTime={reply.created_at}>{formatDateTime(reply.created_at)}</time>
      </p>
      <p className="reply__rating">
        <RatingSummary rating={reply.executor_rating} reviews={reply.executor_reviews_count} />
      </p>
      <p className="order__text">{reply.message}</p>
      {order.executor_id === reply.executor_id && (
        <p className="reply__chosen">
          <Trans>Chosen executor</Trans>
        </p>
      )}
      <div className="reply__actions">
        {canChoose && (
          <button type="button" className="button button--small" onClick={onChoose}>
            <Trans>Choose {userText(reply.executor_name)}</Trans>
          </button>
        )}
        <OpenChatButton
          target={{ user_id: reply.executor_id, order_id: order.id }}
          className="button button--secondary button--small"
        >
          <Trans>Chat with {userText(reply.executor_name)}</Trans>
        </OpenChatButton>
      </div>
    </li>
  )
}

/** The executor's own reply, with a way to the customer unless they were chosen (the order's steps have it). */
function OwnReply({ order, own }: { order: Order; own: Reply }) {
  return (
    <div className="reply" data-testid="own-reply">
      <p className="reply__author">
        <strong>
          <Trans>Your reply</Trans>
        </strong>{' '}
        <time dateTime={own.created_at}>{formatDateTime(own.created_at)}</time>
      </p>
      <p className="order__text">{own.message}</p>
      {/* The chosen specialist has this button beside the order's steps already. */}
      {order.executor_id !== own.executor_id && (
        <OpenChatButton
          target={{ user_id: order.customer_id, order_id: order.id }}
          className="button button--secondary button--small"
        >
          <Trans>Chat with the customer</Trans>
        </OpenChatButton>
      )}
    </div>
  )
}

/** How a guest or a customer may come to reply to an open order: log in, or switch to executor mode. */
function ReplyInvitation({ viewer }: { viewer: Viewer }) {
  const showLogin = useAuthModal((state) => state.show)
  return (
    <>
      {viewer === 'guest' && (
        <p>
          <Trans>Log in as a specialist to reply to this order.</Trans>{' '}
          <button type="button" className="button button--secondary" onClick={() => showLogin('login')}>
            <Trans>Log in to reply</Trans>
          </button>
        </p>
      )}
      {viewer === 'other-customer' && (
        <p>
          <Trans>Switch to executor mode in the account menu to reply to orders.</Trans>
        </p>
      )}
    </>
  )
}
