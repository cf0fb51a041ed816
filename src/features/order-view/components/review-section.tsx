import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Order } from '#contract/schemas/orders.ts'
import { orderApi } from '../api/order-api.ts'
import { failureText } from '../messages.ts'
import { rememberedReview, rememberReview } from '../review-memory.ts'
import { ReviewForm, type Review } from './review-form.tsx'
import { StarsShown } from './star-rating.tsx'

type Lookup = { state: 'idle' | 'loading' | 'none' } | { state: 'failed'; message: string }

/**
 * After completion: the review once left, or the customer's form to leave it. The review is not asked for on every
 * view (the server's "none yet" is a 404 in the console): the customer's form is there until they send it, and
 * anyone else asks for the review with a button.
 */
export function ReviewSection({ order, isCustomer }: { order: Order; isCustomer: boolean }) {
  const { i18n } = useLingui()
  const [review, setReview] = useState<Review | null>(() => rememberedReview(order.id))
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' })
  const done = order.status === 'completed' || order.status === 'archive'
  if (!done) return null

  const known = (found: Review) => {
    rememberReview(order.id, found)
    setReview(found)
  }
  const lookUp = async () => {
    setLookup({ state: 'loading' })
    try {
      const found = await orderApi.reviewOf(order.id)
      if (found) known(found)
      setLookup({ state: found ? 'idle' : 'none' })
    } catch (error) {
      setLookup({ state: 'failed', message: failureText(i18n, error) })
    }
  }
  const canReview = isCustomer && order.status === 'completed'

  return (
    <section className="order__review" aria-labelledby="order-review">
      <h2 id="order-review" className="order__heading">
        {review || !canReview ? <Trans>Review</Trans> : <Trans>Leave a review of the executor</Trans>}
      </h2>
      {review ? (
        <div data-testid="review">
          <StarsShown rating={review.rating} />
          <p className="order__text">{review.comment}</p>
        </div>
      ) : canReview ? (
        <ReviewForm orderId={order.id} serviceId={order.services[0] ?? null} onSent={known} />
      ) : lookup.state === 'none' ? (
        <p role="status">
          <Trans>The customer has not left a review yet.</Trans>
        </p>
      ) : (
        <>
          {lookup.state === 'failed' && (
            <p className="form__error" role="alert">
              {lookup.message}
            </p>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={lookup.state === 'loading'}
            onClick={() => void lookUp()}
          >
            <Trans>Show the review</Trans>
          </button>
        </>
      )}
    </section>
  )
}
