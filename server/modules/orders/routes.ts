import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import type { LocalStorage } from '#server/adapters/storage/local-storage.ts'
import { isInternalRequest } from '#server/lib/internal-requests.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { orderListRoutes } from './list-routes.ts'
import { presentReply, presentReview } from './present-replies.ts'
import type { PublicAnswers } from './public-answers.ts'
import type { OrdersRepository } from './repository.ts'
import { idempotencyKeyOf, optionalCallerOf } from './route-callers.ts'
import type { OrdersService } from './service.ts'
import { viewerOf } from './viewer-cookie.ts'

type Deps = {
  orders: OrdersService
  repository: OrdersRepository
  storage: LocalStorage
  publicAnswers: PublicAnswers
}

/** The orders area's routes: one contract route per endpoint; the lists and the map are list-routes.ts. */
export async function orderRoutes(
  app: FastifyInstance,
  { orders, repository, storage, publicAnswers }: Deps,
) {
  const optionalCaller = optionalCallerOf(app)
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

  orderListRoutes(app, { repository, publicAnswers })
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
  contractRoute(app, endpoints.orderProgress, ({ params, body, request }) =>
    orders.progress(params.id, body, request.user!),
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
      executorVerification: caller.verification,
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
