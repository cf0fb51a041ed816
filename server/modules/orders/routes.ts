import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { OrdersService } from './service.ts'
import type { LocalStorage } from '#server/adapters/storage/local-storage.ts'
import type { ListedOrder, OrderFilters, OrdersRepository } from './repository.ts'
import { listFiltersOf } from './filters.ts'
import { cardsAnswer, listMetaOf, pageOf, sendCards, sendJson } from './list-paging.ts'
import type { PublicAnswers } from './public-answers.ts'
import { createOrderCards } from './order-cards.ts'
import { viewerOf } from './viewer-cookie.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import { isInternalRequest } from '#server/lib/internal-requests.ts'

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/

/** The client's Idempotency-Key header, when it is a sensible one (a UUID, as the web app sends). */
const idempotencyKeyOf = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key']
  return typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? key : undefined
}

const presentReply = (reply: {
  id: number
  orderId: number
  executorId: number
  message: string
  createdAt: Date
  executorName: string
  executorSlug: string
  executorRating: number
  executorReviewsCount: number
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
})

const presentReview = (review: {
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

/**
 * An answer that is the same for everyone, kept encoded (public-answers.ts). A list's kept answer also names its
 * orders, whose parties (customer, chosen specialist) get their own cards, which show them more.
 */
type KeptAnswer = {
  body: Buffer
  bytes: number
  entries: ListedOrder[]
  meta?: ReturnType<typeof listMetaOf>
}
const kept = (
  body: Buffer,
  entries: ListedOrder[] = [],
  meta?: ReturnType<typeof listMetaOf>,
): KeptAnswer => ({
  body,
  bytes: body.length,
  entries,
  meta,
})

const isPartyOf = (entries: ListedOrder[], callerId: number) =>
  entries.some((entry) => entry.customerId === callerId || entry.executorId === callerId)

type Deps = {
  orders: OrdersService
  repository: OrdersRepository
  storage: LocalStorage
  publicAnswers: PublicAnswers
}

// NOTE: over 120 lines: one contract route per endpoint of the orders area; it splits with the area's plugin (issue 32).
export async function orderRoutes(
  app: FastifyInstance,
  { orders, repository, storage, publicAnswers }: Deps,
) {
  const cards = createOrderCards(repository.rowsOf)
  /** The caller on a route guests may call too; a bad token reads as a guest. */
  const optionalCaller = async (request: FastifyRequest) =>
    request.headers.authorization
      ? app
          .authenticate(request)
          .then(() => request.user)
          .catch(() => undefined)
      : undefined

  contractRoute(app, endpoints.orderPhotos, async ({ params, request }) => {
    const file = (request.body as { file?: unknown } | undefined)?.file
    return orders.addPhoto(params.id, Buffer.isBuffer(file) ? file : undefined, request.user!, storage)
  })

  // Photos are served by the API from outside the web root; a path that leaves the uploads folder is not found.
  app.get('/api/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const bytes = await storage.read((request.params as { '*': string })['*'])
    if (!bytes) return reply.callNotFound()
    return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(bytes)
  })

  contractRoute(app, endpoints.profileOrders, async ({ params, query, request, reply }) => {
    const caller = await optionalCaller(request)
    // Anyone sees a customer's open orders; the other tabs are their own business.
    if (query.tab !== 'open' && caller?.id !== params.id) throw new AppError('forbidden', 'forbidden')
    const { entries, total, next } = await repository.list({
      status: query.tab,
      mine: { userId: params.id, as: 'customer' },
      direct: false,
      ...pageOf(query),
      perPage: query.perPage,
    })
    return sendCards(reply, await cards.json(entries, caller?.id), listMetaOf(query, total, next))
  })

  contractRoute(app, endpoints.orders, async ({ query, request, reply }) => {
    const caller = await optionalCaller(request)
    const mine = query.scope === 'mine'
    // "My orders" need a login; everyone else's orders are listed only while open.
    if (mine && !caller) throw unauthorized()
    if (!mine && query.tab !== 'open') throw new AppError('forbidden', 'forbidden')
    const filters: OrderFilters = {
      status: query.tab,
      serviceId: query.service,
      categoryId: query.category,
      bbox: query.bbox,
      ...listFiltersOf(query),
      mine: query.scope === 'mine' && caller ? { userId: caller.id, as: caller.type } : undefined,
      // Direct orders show only in their parties' own lists; direct=1 without a tab lists every live status.
      direct:
        query.scope !== 'mine' || !caller
          ? false
          : query.direct === undefined
            ? undefined
            : query.direct === '1',
      statusIn:
        query.direct === '1' && !('tab' in (request.query as object))
          ? ['inactive', 'in_progress', 'completed', 'canceled']
          : undefined,
      ...pageOf(query),
      perPage: query.perPage,
    }
    if (filters.mine) {
      const { entries, total, next } = await repository.list(filters)
      return sendCards(reply, await cards.json(entries, caller?.id), listMetaOf(query, total, next))
    }
    // Open orders with any filter, the same list for everyone.
    // A box's page is made from the grid's kept cells anyway; the whole answer is kept once a box is asked again.
    const list = await publicAnswers.read(
      `orders|${JSON.stringify(filters)}`,
      async () => {
        const { entries, total, next } = await repository.list(filters)
        const meta = listMetaOf(query, total, next)
        return kept(cardsAnswer(await cards.json(entries, undefined), meta), entries, meta)
      },
      { once: filters.bbox ? 'wait for a second ask' : 'keep' },
    )
    if (!caller || !isPartyOf(list.entries, caller.id)) return sendJson(reply, list.body)
    return sendCards(reply, await cards.json(list.entries, caller.id), list.meta!)
  })
  contractRoute(app, endpoints.ordersMap, async ({ query, reply }) => {
    const map = await publicAnswers.read(
      `map|${query.bbox.join(',')}|${query.service ?? ''}|${query.category ?? ''}`,
      async () => {
        const markers = await repository.mapMarkers({
          bbox: query.bbox,
          serviceId: query.service,
          categoryId: query.category,
        })
        return kept(Buffer.from(JSON.stringify(markers)))
      },
    )
    return sendJson(reply, map.body)
  })
  contractRoute(app, endpoints.order, async ({ params, request, reply }) => {
    const caller = await optionalCaller(request)
    // The server drawing the order's page for a visitor is not a view: the visitor's app reads it again.
    const viewer = isInternalRequest(request.headers) ? undefined : viewerOf(request, reply, caller?.id)
    return orders.view(params.id, caller, viewer)
  })
  contractRoute(app, endpoints.publishOrder, async ({ body, request, reply }) => {
    reply.status(201)
    return orders.publish(body, request.user!, idempotencyKeyOf(request))
  })
  contractRoute(app, endpoints.updateOrder, ({ params, body, request }) =>
    orders.update(params.id, body, request.user!),
  )
  contractRoute(app, endpoints.deleteOrder, ({ params, request }) => orders.remove(params.id, request.user!))
  contractRoute(app, endpoints.orderAction, ({ params, body, request }) =>
    orders.act(params.id, params.action, request.user!, body.executor_id),
  )
  contractRoute(app, endpoints.orderReplies, async ({ params, request }) => ({
    collection: (await orders.replies(params.id, await optionalCaller(request))).map(presentReply),
  }))
  contractRoute(app, endpoints.reply, async ({ params, body, request, reply }) => {
    reply.status(201)
    const caller = request.user!
    const sent = await orders.reply(params.id, body.message, caller, idempotencyKeyOf(request))
    return presentReply({
      ...sent,
      executorName: `${caller.name} ${caller.surname}`,
      executorSlug: caller.slug,
      executorRating: caller.rating,
      executorReviewsCount: caller.reviewsCount,
    })
  })
  contractRoute(app, endpoints.review, async ({ params, body, request, reply }) => {
    reply.status(201)
    return presentReview(await orders.review(params.id, body, request.user!))
  })
  contractRoute(app, endpoints.orderReview, async ({ params, request }) =>
    presentReview(await orders.reviewOf(params.id, await optionalCaller(request))),
  )
}
