// Replies and reviews of an order: who may add one, who may read them, and what is announced once written.
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import { forbidden, notFound, wrongStatus, type OrderAccess } from './order-access.ts'
import type { OrdersRepository } from './repository.ts'

export function createOrderReplies({
  repo,
  clock,
  events,
  access,
}: {
  repo: Pick<OrdersRepository, 'replyOf' | 'addReply' | 'repliesOf' | 'reviewOf' | 'addReview' | 'hide'>
  clock: Clock
  events: DomainEvents
  access: OrderAccess
}) {
  const { orderOrThrow } = access
  return {
    /** Executors reply once to an open order that is not their own; a replayed key answers the first reply. */
    async reply(id: number, message: string, caller: UserRow, idempotencyKey: string | undefined) {
      const order = await orderOrThrow(id, caller)
      if (order.customerId === caller.id) throw new AppError('forbidden', 'cannot_order_from_yourself')
      if (caller.type !== 'executor') throw forbidden()
      const earlier = await repo.replyOf(id, caller.id)
      if (earlier) {
        if (idempotencyKey && earlier.idempotencyKey === idempotencyKey) return earlier
        throw new AppError('conflict', 'already_replied')
      }
      if (order.status !== 'open') throw wrongStatus()
      const created = await repo.addReply({
        orderId: id,
        executorId: caller.id,
        message,
        idempotencyKey: idempotencyKey ?? null,
        createdAt: clock.now(),
      })
      if (!created) return (await repo.replyOf(id, caller.id))!
      events.publish({ type: 'order.replied', order, executorId: caller.id })
      return created
    },

    /**
     * "Not interested" (the bot's button under a new order): an executor puts an open order they could reply to out
     * of their morning digest.
     */
    async hide(id: number, caller: UserRow) {
      const order = await orderOrThrow(id, caller)
      if (order.customerId === caller.id || caller.type !== 'executor') throw forbidden()
      if (order.status !== 'open') throw wrongStatus()
      await repo.hide(caller.id, id, clock.now())
    },

    /** The customer reads every reply; an executor only their own; a guest none. */
    async replies(id: number, caller: UserRow | undefined) {
      const order = await orderOrThrow(id, caller)
      if (!caller) return []
      return order.customerId === caller.id ? repo.repliesOf(id) : repo.repliesOf(id, caller.id)
    },

    async reviewOf(id: number, caller: UserRow | undefined) {
      await orderOrThrow(id, caller)
      const review = await repo.reviewOf(id)
      // A review a moderator hid is shown to nobody but the customer who wrote it (docs/decisions/030-proposed-services-and-hidden-reviews.md).
      if (!review || (review.hiddenAt && review.customerId !== caller?.id)) throw notFound()
      return review
    },

    async review(
      id: number,
      body: { rating: number; comment: string; service: number | null },
      caller: UserRow,
    ) {
      const order = await orderOrThrow(id, caller)
      if (order.customerId !== caller.id) throw forbidden()
      if (order.status !== 'completed' || !order.executorId) throw wrongStatus()
      const review = await repo.addReview({
        orderId: id,
        customerId: caller.id,
        executorId: order.executorId,
        serviceId: body.service,
        rating: body.rating,
        comment: body.comment,
        createdAt: clock.now(),
      })
      if (!review) throw new AppError('conflict', 'already_reviewed')
      events.publish({ type: 'order.reviewed', order, executorId: order.executorId, rating: review.rating })
      return review
    },
  }
}
