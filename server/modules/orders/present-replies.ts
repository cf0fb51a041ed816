// How replies and reviews are shown in the API's answers.
import { VERIFICATION } from '#contract/schemas/profile.ts'

export const presentReply = (reply: {
  id: number
  orderId: number
  executorId: number
  message: string
  createdAt: Date
  executorName: string
  executorSlug: string
  executorRating: number
  executorReviewsCount: number
  executorVerification: number
}) => ({
  id: reply.id,
  order_id: reply.orderId,
  executor_id: reply.executorId,
  message: reply.message,
  created_at: reply.createdAt.toISOString(),
  executor_name: reply.executorName,
  executor_slug: reply.executorSlug,
  executor_rating: reply.executorRating,
  executor_reviews_count: reply.executorReviewsCount,
  executor_verified: reply.executorVerification === VERIFICATION.verified,
})

export const presentReview = (review: {
  id: number
  orderId: number
  rating: number
  comment: string
  createdAt: Date
}) => ({
  id: review.id,
  order_id: review.orderId,
  rating: review.rating,
  comment: review.comment,
  created_at: review.createdAt.toISOString(),
})
