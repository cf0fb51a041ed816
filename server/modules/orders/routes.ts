import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { presentOrder, type OrdersService } from './service.ts'
import type { LocalStorage } from '#server/adapters/storage/local-storage.ts'
import type { OrdersRepository } from './repository.ts'
import { listFiltersOf } from './filters.ts'

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
}) => ({
  id: reply.id,
  order_id: reply.orderId,
  executor_id: reply.executorId,
  message: reply.message,
  created_at: reply.createdAt.toISOString(),
})

type Deps = { orders: OrdersService; repository: OrdersRepository; storage: LocalStorage }

export async function orderRoutes(app: FastifyInstance, { orders, repository, storage }: Deps) {
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

  contractRoute(app, endpoints.profileOrders, async ({ params, query }) => {
    const { rows, total } = await repository.list({
      status: query.tab,
      mine: { userId: params.id, as: 'customer' },
      page: query.page,
      perPage: query.perPage,
    })
    return { collection: rows.map(presentOrder), meta: { page: query.page, perPage: query.perPage, total } }
  })

  contractRoute(app, endpoints.orders, async ({ query, request }) => {
    const caller = request.headers.authorization
      ? await app
          .authenticate(request)
          .then(() => request.user)
          .catch(() => undefined)
      : undefined
    const { rows, total } = await repository.list({
      status: query.tab,
      serviceId: query.service,
      categoryId: query.category,
      bbox: query.bbox,
      ...listFiltersOf(query),
      mine: query.scope === 'mine' && caller ? { userId: caller.id, as: caller.type } : undefined,
      page: query.page,
      perPage: query.perPage,
    })
    return { collection: rows.map(presentOrder), meta: { page: query.page, perPage: query.perPage, total } }
  })
  contractRoute(app, endpoints.ordersMap, ({ query }) =>
    repository.mapMarkers({ bbox: query.bbox, serviceId: query.service, categoryId: query.category }),
  )
  contractRoute(app, endpoints.order, ({ params }) => orders.view(params.id))
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
  contractRoute(app, endpoints.orderReplies, async ({ params }) => ({
    collection: (await orders.replies(params.id)).map(presentReply),
  }))
  contractRoute(app, endpoints.reply, async ({ params, body, request, reply }) => {
    reply.status(201)
    return presentReply(await orders.reply(params.id, body.message, request.user!, idempotencyKeyOf(request)))
  })
  contractRoute(app, endpoints.review, async ({ params, body, request, reply }) => {
    reply.status(201)
    const review = await orders.review(params.id, body, request.user!)
    return {
      id: review.id,
      order_id: review.orderId,
      rating: review.rating,
      comment: review.comment,
      created_at: review.createdAt.toISOString(),
    }
  })
}
