import type { Review } from './components/review-form.tsx'

// NOTE: the server answers GET /orders/{id}/review with 404 until the review exists, and the browser writes every
// 404 into the console. A review never changes once left, so the device remembers the ones it has seen or sent and
// the order page asks the server only when someone wants to see a review it does not know (decision 005).
const keyOf = (orderId: number) => `fika.review.${orderId}`

/** The review of an order this device has seen or sent, or null. */
export function rememberedReview(orderId: number): Review | null {
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf(orderId)) ?? 'null') as Partial<Review> | null
    return saved && typeof saved.rating === 'number' && typeof saved.comment === 'string'
      ? { rating: saved.rating, comment: saved.comment }
      : null
  } catch {
    return null
  }
}

export function rememberReview(orderId: number, review: Review) {
  try {
    localStorage.setItem(keyOf(orderId), JSON.stringify({ rating: review.rating, comment: review.comment }))
  } catch {
    // Storage full or blocked: the review is still shown now, and can be asked for again later.
  }
}
