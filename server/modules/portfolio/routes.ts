import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { presentDocument, presentWork, type PortfolioService } from './service.ts'

/** The multipart field `file`, as @fastify/multipart attaches it to the body. */
const fileOf = (request: FastifyRequest) => {
  const file = (request.body as { file?: unknown } | undefined)?.file
  return Buffer.isBuffer(file) ? file : undefined
}

export async function portfolioRoutes(app: FastifyInstance, { portfolio }: { portfolio: PortfolioService }) {
  contractRoute(app, endpoints.userDocuments, async ({ params, query }) => {
    const { items, meta } = await portfolio.list('documents', params.id, query.page, query.perPage)
    return { collection: items.map(presentDocument), meta }
  })
  contractRoute(app, endpoints.addDocument, async ({ body, request, reply }) => {
    reply.status(201)
    const item = await portfolio.add(
      'documents',
      { label: body.name, description: body.description },
      request.user!,
    )
    return presentDocument(item)
  })
  contractRoute(app, endpoints.updateDocument, async ({ params, body, request }) =>
    presentDocument(
      await portfolio.update(
        'documents',
        params.id,
        { label: body.name, description: body.description },
        request.user!,
      ),
    ),
  )
  contractRoute(app, endpoints.deleteDocument, ({ params, request }) =>
    portfolio.remove('documents', params.id, request.user!),
  )
  contractRoute(app, endpoints.addDocumentFile, async ({ params, request }) =>
    presentDocument(await portfolio.addFile('documents', params.id, fileOf(request), request.user!)),
  )
  contractRoute(app, endpoints.deleteDocumentFile, async ({ params, request }) =>
    presentDocument(await portfolio.removeFile('documents', params.id, params.index, request.user!)),
  )
  contractRoute(app, endpoints.reorderDocuments, async ({ body, request }) => {
    const { items, meta } = await portfolio.reorder('documents', body.ids, request.user!)
    return { collection: items.map(presentDocument), meta }
  })

  contractRoute(app, endpoints.userWorks, async ({ params, query }) => {
    const { items, meta } = await portfolio.list('works', params.id, query.page, query.perPage)
    return { collection: items.map(presentWork), meta }
  })
  contractRoute(app, endpoints.addWork, async ({ body, request, reply }) => {
    reply.status(201)
    return presentWork(
      await portfolio.add('works', { label: body.title, description: body.description }, request.user!),
    )
  })
  contractRoute(app, endpoints.updateWork, async ({ params, body, request }) =>
    presentWork(
      await portfolio.update(
        'works',
        params.id,
        { label: body.title, description: body.description },
        request.user!,
      ),
    ),
  )
  contractRoute(app, endpoints.deleteWork, ({ params, request }) =>
    portfolio.remove('works', params.id, request.user!),
  )
  contractRoute(app, endpoints.addWorkPhoto, async ({ params, request }) =>
    presentWork(await portfolio.addFile('works', params.id, fileOf(request), request.user!)),
  )
  contractRoute(app, endpoints.deleteWorkPhoto, async ({ params, request }) =>
    presentWork(await portfolio.removeFile('works', params.id, params.index, request.user!)),
  )
  contractRoute(app, endpoints.reorderWorks, async ({ body, request }) => {
    const { items, meta } = await portfolio.reorder('works', body.ids, request.user!)
    return { collection: items.map(presentWork), meta }
  })
}
