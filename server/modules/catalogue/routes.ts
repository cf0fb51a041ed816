import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { CatalogueService } from './service.ts'

// The catalogue changes rarely: browsers and the service worker may reuse an answer for a minute.
const CACHE_FOR_A_MINUTE = 'public, max-age=60'

export async function catalogueRoutes(app: FastifyInstance, { catalogue }: { catalogue: CatalogueService }) {
  contractRoute(app, endpoints.categories, ({ query, request, reply }) => {
    reply.header('cache-control', CACHE_FOR_A_MINUTE)
    return catalogue.categories(query, request.locale).then((collection) => ({ collection }))
  })
  contractRoute(app, endpoints.category, ({ params, request }) =>
    catalogue.category(params.id, request.locale),
  )
  contractRoute(app, endpoints.categoryService, ({ params, request }) =>
    catalogue.serviceBySlug(params.id, params.slug, request.locale),
  )
  contractRoute(app, endpoints.services, ({ query, request }) => catalogue.services(query, request.locale))
  contractRoute(app, endpoints.service, ({ params, request }) => catalogue.service(params.id, request.locale))
  contractRoute(app, endpoints.proposeService, async ({ body, request, reply }) => {
    reply.status(201)
    return catalogue.propose(body, request.user!.id, request.locale)
  })
  contractRoute(app, endpoints.settings, () => catalogue.settings())
  contractRoute(app, endpoints.marquee, ({ request }) => catalogue.marquee(request.locale))
}
