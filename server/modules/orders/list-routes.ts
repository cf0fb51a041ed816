// The orders' list routes: a customer's orders on their profile, the orders list (mine, or the open one everyone
// reads, kept as public answers) and the map.
import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { listFiltersOf } from './filters.ts'
import { cardsAnswer, listMetaOf, pageOf, sendCards, sendJson } from './list-paging.ts'
import { createOrderCards } from './order-cards.ts'
import type { ListedOrder, OrderFilters } from './order-rows.ts'
import type { PublicAnswers } from './public-answers.ts'
import type { OrdersRepository } from './repository.ts'
import { optionalCallerOf } from './route-callers.ts'

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

export function orderListRoutes(
  app: FastifyInstance,
  { repository, publicAnswers }: { repository: OrdersRepository; publicAnswers: PublicAnswers },
) {
  const cards = createOrderCards(repository.rowsOf)
  const optionalCaller = optionalCallerOf(app)

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
}
