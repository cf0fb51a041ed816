import {
  OPEN_ORDERS_MAX,
  type Order,
  type OrderAction,
  type OrderBody,
  type OrderContact,
} from '#contract/schemas/orders.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import { reencodePhoto } from '#server/lib/images.ts'
import { ACCEPTED, roundToArea, seesExactPlace } from './privacy.ts'
import type { OrderRow, OrdersRepository, OrderStatus } from './repository.ts'
import type { OrderViewers, Viewer } from './order-viewers.ts'
import type { ViewCounter } from './view-counter.ts'

const MAX_PHOTOS = 10
const iso = (date: Date | null) => date?.toISOString() ?? null
const forbidden = () => new AppError('forbidden', 'forbidden')
const wrongStatus = () => new AppError('conflict', 'order_wrong_status')
const notFound = () => new AppError('not_found', 'not_found')

/** The order as `callerId` may see it (docs/decisions/008-input-bounds-and-privacy.md). */
export function presentOrder(row: OrderRow, callerId?: number, contact: OrderContact | null = null): Order {
  const exact = seesExactPlace(row, callerId)
  return {
    id: row.id,
    number: String(row.id).padStart(6, '0'),
    status: row.status,
    customer_id: row.customerId,
    executor_id: row.executorId,
    services: row.services,
    name: row.name,
    description: row.description,
    is_online: row.isOnline,
    at_customer: row.atCustomer,
    at_executor: row.atExecutor,
    area: row.area,
    district_id: row.districtId,
    address: exact ? row.address : null,
    lat: exact ? row.lat : roundToArea(row.lat),
    lng: exact ? row.lng : roundToArea(row.lng),
    location_exact: exact,
    contact,
    started_at: iso(row.startedAt),
    ended_at: iso(row.endedAt),
    price: row.price,
    price_min: row.priceMin,
    price_max: row.priceMax,
    wishes: row.wishes,
    photos: row.photos,
    views: row.views,
    replies_count: row.repliesCount,
    created_at: row.createdAt.toISOString(),
    is_direct: row.isDirect,
  }
}

/** Live orders anyone may read; a closed one (completed, canceled, archived) only its parties and repliers. */
const PUBLIC_STATUSES: OrderStatus[] = ['open', 'inactive', 'in_progress']
const isParty = (order: OrderRow, callerId: number | undefined) =>
  callerId !== undefined && (order.customerId === callerId || order.executorId === callerId)

type LifecycleAction = 'choose' | 'accept' | 'decline' | 'cancel' | 'complete'

// NOTE: over 120 lines: the order lifecycle's rules in one closure; its split (lifecycle, replies, reads) is issue 32.
/**
 * The order lifecycle of docs/decisions/005-order-lifecycle.md; every action is checked against the caller. What
 * changed is told to `events` once it is written (the notifier turns it into notifications).
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
  /**
   * The order if the caller may read it: to anyone else it does not exist. Direct orders are their two parties';
   * a closed order stays readable to its parties and to the specialists who replied (it is in their lists).
   */
  async function orderOrThrow(id: number, caller: UserRow | undefined) {
    const order = await repo.find(id)
    if (!order) throw notFound()
    if (isParty(order, caller?.id)) return order
    if (order.isDirect) throw notFound()
    if (PUBLIC_STATUSES.includes(order.status)) return order
    if (order.status !== 'archive' && caller && (await repo.replyOf(order.id, caller.id))) return order
    throw notFound()
  }

  /** The other party's contact, once the chosen executor accepted; null for anyone else. */
  async function contactFor(order: OrderRow, callerId: number | undefined): Promise<OrderContact | null> {
    if (callerId === undefined || order.executorId === null || !ACCEPTED.includes(order.status)) return null
    const other =
      order.customerId === callerId
        ? order.executorId
        : order.executorId === callerId
          ? order.customerId
          : undefined
    if (other === undefined) return null
    const user = await repo.contactOf(other)
    if (!user) return null
    return {
      id: user.id,
      role: other === order.customerId ? 'customer' : 'executor',
      name: user.name,
      surname: user.surname,
      phone: user.phone,
      slug: other === order.executorId ? user.slug : null,
    }
  }

  /** One order as its reader may see it, contacts included. */
  const presentFor = async (order: OrderRow, caller: UserRow | undefined) =>
    presentOrder(order, caller?.id, await contactFor(order, caller?.id))

  async function checkedFields(body: OrderBody) {
    const now = clock.now()
    if (body.started_at && new Date(body.started_at) <= now) throw fieldError('started_at', 'start_in_past')
    const known = await repo.existingServices(body.services)
    if (known.length !== new Set(body.services).size) throw fieldError('services', 'services_required')
    if (body.district_id !== null && !(await districts.exists(body.district_id))) {
      throw fieldError('district_id', 'district_invalid')
    }
    return {
      services: body.services,
      categoryId: (await repo.categoryOfService(body.services[0]!)) ?? null,
      name: body.name,
      description: body.description,
      isOnline: body.is_online,
      atCustomer: body.at_customer,
      atExecutor: body.at_executor,
      area: body.area,
      districtId: body.district_id,
      address: body.address,
      lat: body.lat,
      lng: body.lng,
      startedAt: body.started_at ? new Date(body.started_at) : null,
      endedAt: body.ended_at ? new Date(body.ended_at) : null,
      price: body.price,
      priceMin: body.price_min,
      priceMax: body.price_max,
      wishes: body.wishes,
      updatedAt: now,
    }
  }

  /** Changes the order if it is still in one of `from`; a lifecycle `action` is announced once it is written. */
  async function transition(
    order: OrderRow,
    from: OrderStatus[],
    changes: Partial<OrderRow>,
    caller: UserRow,
    action?: LifecycleAction,
  ) {
    if (!from.includes(order.status)) throw wrongStatus()
    // The customer letting a chosen specialist go is recorded for the refused-services report (decision 015).
    const refusal = action === 'cancel' ? 'canceled' : action === 'choose' ? 'replaced' : undefined
    const changed = await repo.transition(order.id, from, { ...changes, updatedAt: clock.now() }, refusal)
    if (!changed) throw wrongStatus()
    if (action) {
      events.publish({
        type: 'order.changed',
        action,
        order: changed,
        executorId: order.executorId,
        actorId: caller.id,
      })
    }
    return presentFor(changed, caller)
  }

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
      return presentFor({ ...order, views: order.views + unwritten }, caller)
    },

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

    async act(id: number, action: OrderAction, caller: UserRow, executorId: number | undefined) {
      const order = await orderOrThrow(id, caller)
      const isCustomer = order.customerId === caller.id
      const isChosen = order.executorId !== null && order.executorId === caller.id
      switch (action) {
        case 'toggle-replies':
          if (!isCustomer) throw forbidden()
          // Awaiting the chosen executor's answer (or a direct order) is not a pause the customer can lift.
          if (order.isDirect || order.executorId !== null) throw wrongStatus()
          return order.status === 'open'
            ? transition(order, ['open'], { status: 'inactive' }, caller)
            : transition(order, ['inactive'], { status: 'open' }, caller)
        case 'choose': {
          if (!isCustomer) throw forbidden()
          if (order.isDirect) throw wrongStatus()
          if (executorId === undefined || !(await repo.replyOf(order.id, executorId))) {
            throw fieldError('executor_id', 'executor_did_not_reply')
          }
          return transition(
            order,
            ['open', 'inactive'],
            { status: 'inactive', executorId, chosenAt: clock.now() },
            caller,
            'choose',
          )
        }
        case 'accept':
          if (!isChosen) throw forbidden()
          return transition(order, ['inactive'], { status: 'in_progress' }, caller, 'accept')
        case 'decline':
          if (!isChosen) throw forbidden()
          // A declined direct order has no one else to go to.
          return order.isDirect
            ? transition(order, ['inactive'], { status: 'canceled' }, caller, 'decline')
            : transition(
                order,
                ['inactive'],
                { status: 'open', executorId: null, chosenAt: null },
                caller,
                'decline',
              )
        case 'complete':
          if (!isCustomer) throw forbidden()
          return transition(
            order,
            ['in_progress'],
            { status: 'completed', completedAt: clock.now() },
            caller,
            'complete',
          )
        case 'cancel':
          if (!isCustomer) throw forbidden()
          return transition(
            order,
            ['open', 'inactive', 'in_progress'],
            { status: 'canceled' },
            caller,
            'cancel',
          )
      }
    },

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

    /** The customer reads every reply; an executor only their own; a guest none. */
    async replies(id: number, caller: UserRow | undefined) {
      const order = await orderOrThrow(id, caller)
      if (!caller) return []
      return order.customerId === caller.id ? repo.repliesOf(id) : repo.repliesOf(id, caller.id)
    },

    async reviewOf(id: number, caller: UserRow | undefined) {
      await orderOrThrow(id, caller)
      const review = await repo.reviewOf(id)
      if (!review) throw notFound()
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
export type OrdersService = ReturnType<typeof createOrdersService>
