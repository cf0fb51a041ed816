import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { Order } from '#contract/schemas/orders.ts'
import { orderApi } from '../api/order-api.ts'
import { ReviewForm, type Review } from './review-form.tsx'

/** After completion: the review once left, or the customer's form to leave it. */
export function ReviewSection({ order, isCustomer }: { order: Order; isCustomer: boolean }) {
  const { t } = useLingui()
  const [review, setReview] = useState<Review | null | undefined>(undefined)
  const done = order.status === 'completed' || order.status === 'archive'

  useEffect(() => {
    if (!done) return
    let current = true
    orderApi
      .reviewOf(order.id)
      .then((found) => current && setReview(found))
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [order.id, done])

  if (!done || review === undefined) return null
  if (review === null && !(isCustomer && order.status === 'completed')) return null
  const rating = review?.rating ?? 0
  return (
    <section className="order__review" aria-labelledby="order-review">
      <h2 id="order-review" className="order__heading">
        {review ? <Trans>Review</Trans> : <Trans>Leave a review of the executor</Trans>}
      </h2>
      {review ? (
        <div data-testid="review">
          <p className="review__rating">
            <span aria-hidden="true">{'★'.repeat(rating)}</span>
            <span className="visually-hidden">{t`Rating: ${rating} of 5`}</span>
          </p>
          <p className="order__text">{review.comment}</p>
        </div>
      ) : (
        <ReviewForm orderId={order.id} serviceId={order.services[0] ?? null} onSent={setReview} />
      )}
    </section>
  )
}
