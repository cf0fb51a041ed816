import { OPEN_ORDERS_MAX, type Order, type OrderBody } from '#contract/schemas/orders.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import { reencodePhoto } from '#server/lib/images.ts'
import { createOrderAccess, forbidden } from './order-access.ts'
import { createOrderFields } from './order-fields.ts'
import { createOrderLifecycle } from './order-lifecycle.ts'
import { createOrderProgress, presentProgress, seesProgress } from './order-progress.ts'
import { createOrderReplies } from './order-replies.ts'
import { createOrderTransition } from './order-transition.ts'
import type { OrderViewers, Viewer } from './order-viewers.ts'
import { presentOrder } from './present-order.ts'
import type { OrdersRepository } from './repository.ts'
import type { ViewCounter } from './view-counter.ts'

const MAX_PHOTOS = 10

/**
 * The order lifecycle of docs/decisions/005-order-lifecycle.md; every action is checked against the caller. What
 * changed is told to `events` once it is written (the notifier turns it into notifications). Publishing, reading
 * and editing are here; the lifecycle's actions and the replies and reviews are parts of their own.
 */
export function createOrdersService(
  repo: OrdersRepository,
  clock: Clock,
  events: DomainEvents,
  districts: Pick<DistrictsRepository, 'exists'>,
  views: ViewCounter,
  viewers: Pick<OrderViewers, 'isFirstLookToday'>,
  { liveOrdersMax = OPEN_ORDERS_MAX }: { liveOrdersMax?: number } = {},
) {
  const access = createOrderAccess(repo)
  const { orderOrThrow, presentFor } = access
  const checkedFields = createOrderFields(repo, clock, districts)
  const transition = createOrderTransition({ repo, clock, events, access })
  return {
    /**
     * Only customers order (spec section 5); a replayed key answers the order it created. A customer holds at most
     * `liveOrdersMax` live orders at once (open or awaiting a specialist): one account cannot flood the lists and
     * the map.
     */
    async publish(body: OrderBody, caller: UserRow, idempotencyKey: string | undefined): Promise<Order> {
      if (caller.type !== 'customer') throw new AppError('forbidden', 'only_customers_order')
      if (idempotencyKey) {
        const earlier = await repo.findByIdempotencyKey(caller.id, idempotencyKey)
        if (earlier) return presentOrder(earlier, caller.id)
      }
      const direct = body.executor_id ?? null
      if (direct !== null) {
        if (direct === caller.id) throw new AppError('forbidden', 'cannot_order_from_yourself')
        if (!(await repo.takesOrders(direct))) throw fieldError('executor_id', 'executor_not_found')
        // A direct order is for work the specialist does: only the services of their own specialties.
        const offered = await repo.offeredServices(direct, body.services)
        if (offered.length !== new Set(body.services).size)
          throw fieldError('services', 'service_not_offered')
      }
      const fields = await checkedFields(body)
      const published = await repo.insertWithinCap(
        {
          ...fields,
          // A direct order awaits its specialist's acceptance and is never open to other executors.
          ...(direct !== null && {
            status: 'inactive',
            isDirect: true,
            executorId: direct,
            chosenAt: clock.now(),
          }),
          customerId: caller.id,
          idempotencyKey: idempotencyKey ?? null,
          createdAt: clock.now(),
        },
        liveOrdersMax,
      )
      // Nothing is written: the customer's orders and the client's draft stay as they are.
      if ('full' in published) {
        throw new AppError('conflict', 'open_orders_limit', { params: { n: liveOrdersMax } })
      }
      // A concurrent replay of the same key wrote first: answer its order (that request announced it).
      if ('earlier' in published) return presentOrder(published.earlier, caller.id)
      events.publish({ type: 'order.published', order: published.created })
      return presentOrder(published.created, caller.id)
    },

    /**
     * The order for a caller. A read is a view when it is the viewer's first of the day, and never the customer's
     * own nor one with no viewer (the page renderer's). Views are counted in memory, not by a row update per read.
     */
    async view(id: number, caller: UserRow | undefined, viewer: Viewer | undefined) {
      const order = await orderOrThrow(id, caller)
      const counted =
        viewer !== undefined &&
        order.customerId !== caller?.id &&
        (await viewers.isFirstLookToday(id, viewer))
      const unwritten = counted ? views.count(id) : views.unwritten(id)
      const presented = await presentFor({ ...order, views: order.views + unwritten }, caller)
      // The steps of the day are the two parties' only (decision 029).
      if (!seesProgress(order, caller?.id)) return presented
      return { ...presented, progress: presentProgress(await repo.progressOf(order.id)) }
    },

    /** The order if the caller may read it, else not found: what a report of it is checked against (decision 029). */
    readable: (id: number, caller: UserRow) => orderOrThrow(id, caller),

    /** The order as a guest sees it, for its page's head: a crawler or a link preview is not a view. */
    async preview(id: number) {
      return presentOrder(await orderOrThrow(id, undefined))
    },

    async update(id: number, body: OrderBody, caller: UserRow) {
      const order = await orderOrThrow(id, caller)
      if (order.customerId !== caller.id) throw forbidden()
      return transition(order, ['open', 'inactive'], await checkedFields(body), caller)
    },

    async remove(id: number, caller: UserRow) {
      const order = await orderOrThrow(id, caller)
      if (order.customerId !== caller.id) throw forbidden()
      return transition(order, ['open', 'inactive', 'canceled', 'completed'], { status: 'archive' }, caller)
    },

    /** Adds a re-encoded photo to an open or inactive order of the caller, ten at most. */
    async addPhoto(
      id: number,
      bytes: Buffer | undefined,
      caller: UserRow,
      storage: { save: (folder: string, bytes: Buffer, extension: string) => Promise<string> },
    ) {
      const order = await orderOrThrow(id, caller)
      if (order.customerId !== caller.id) throw forbidden()
      if (order.photos.length >= MAX_PHOTOS) throw fieldError('file', 'file_invalid')
      const photo = bytes ? await reencodePhoto(bytes) : null
      if (!photo) throw fieldError('file', 'file_invalid')
      const path = await storage.save(`orders/${order.id}`, photo, 'webp')
      return transition(order, ['open', 'inactive'], { photos: [...order.photos, path] }, caller)
    },

    ...createOrderLifecycle({ repo, clock, access, transition }),
    ...createOrderReplies({ repo, clock, events, access }),
    ...createOrderProgress({ repo, clock, events, access }),
  }
}
export type OrdersService = ReturnType<typeof createOrdersService>
