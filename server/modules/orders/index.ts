/**
 * The orders area: a customer's orders, the specialists' replies, the open list and the map, the steps of an order
 * up to its review, and the views counted on each. Takes the districts; gives `app.orders` (chats read an order and
 * a reply, the page heads preview an order). What it does is told through the domain events.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import { createOrderViewers } from './order-viewers.ts'
import { createPublicAnswers, type PublicAnswers, type PublicAnswersInvalidation } from './public-answers.ts'
import { createOrdersRepository, type OrdersRepository } from './repository.ts'
import { orderRoutes } from './routes.ts'
import { createOrdersService, type OrdersService } from './service.ts'
import { createViewCounter, type ViewCounter } from './view-counter.ts'

const OPEN_LIST_CHANNEL = 'open-orders-list'

export type OrdersContext = AreaContext & {
  districts: DistrictsRepository
  /** How often counted order views are written (tests that flush by hand make it long). */
  viewsFlushEveryMs?: number
}
export type OrdersPort = {
  service: OrdersService
  repository: OrdersRepository
  publicAnswers: PublicAnswers
  views: ViewCounter
}

export const ordersArea = fp<OrdersContext>(
  async (
    app,
    { database: { db }, config, clock, storage, events, broadcastOn, districts, viewsFlushEveryMs },
  ) => {
    const publicAnswers = createPublicAnswers({
      ttlMs: config.OPEN_LIST_CACHE_MS,
      clock,
      broadcast: broadcastOn<PublicAnswersInvalidation>(OPEN_LIST_CHANNEL),
    })
    app.addHook('onClose', () => publicAnswers.close())
    const repository = createOrdersRepository(db, publicAnswers)
    const viewers = createOrderViewers({ repo: repository, secret: config.JWT_SECRET, clock })
    const views = createViewCounter({
      async store(counts) {
        await repository.addViews(counts)
        // The past days' viewers go at a flush rather than on a timer of their own. Its failure is only logged: the
        // views are written, and a failed store would write them again.
        await viewers
          .forgetPastDays()
          .catch((error: unknown) => app.log.error({ err: error }, 'forgetting past order viewers failed'))
      },
      everyMs: viewsFlushEveryMs,
      onError: (error) => app.log.error({ err: error }, 'writing order views failed'),
    })
    // Before the database closes (main.ts closes it after the app): the views counted last are not lost.
    app.addHook('onClose', () => views.close())
    const orders = createOrdersService(repository, clock, events, districts, views, viewers, {
      liveOrdersMax: config.OPEN_ORDERS_PER_CUSTOMER,
    })
    await app.register(orderRoutes, { orders, repository, storage, publicAnswers })
    app.decorate('orders', { service: orders, repository, publicAnswers, views } satisfies OrdersPort)
  },
  { name: 'orders-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersPort
  }
}
