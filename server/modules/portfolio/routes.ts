import type { FastifyInstance, FastifyRequest } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { PortfolioItem, PortfolioKind } from './repository.ts'
import { presentDocument, presentWork } from './present.ts'
import type { PortfolioService } from './service.ts'

/** The multipart field `file`, as @fastify/multipart attaches it to the body. */
const fileOf = (request: FastifyRequest) => {
  const file = (request.body as { file?: unknown } | undefined)?.file
  return Buffer.isBuffer(file) ? file : undefined
}

type Page = { items: PortfolioItem[]; meta: { page: number; perPage: number; total: number } }

// Documents and works are one set of routes: each kind its endpoints, and how its items are answered.
const KINDS = {
  documents: {
    list: endpoints.userDocuments,
    add: endpoints.addDocument,
    update: endpoints.updateDocument,
    remove: endpoints.deleteDocument,
    addFile: endpoints.addDocumentFile,
    removeFile: endpoints.deleteDocumentFile,
    reorder: endpoints.reorderDocuments,
    present: presentDocument,
    presentPage: ({ items, meta }: Page) => ({ collection: items.map(presentDocument), meta }),
  },
  works: {
    list: endpoints.userWorks,
    add: endpoints.addWork,
    update: endpoints.updateWork,
    remove: endpoints.deleteWork,
    addFile: endpoints.addWorkPhoto,
    removeFile: endpoints.deleteWorkPhoto,
    reorder: endpoints.reorderWorks,
    present: presentWork,
    presentPage: ({ items, meta }: Page) => ({ collection: items.map(presentWork), meta }),
  },
}

/** A document's label is its name, a work's its title. */
type ItemBody = { description?: string | null } & ({ name: string } | { title: string })
const fieldsOf = (body: ItemBody) => ({
  label: 'name' in body ? body.name : body.title,
  description: body.description,
})

function kindRoutes(app: FastifyInstance, portfolio: PortfolioService, kind: PortfolioKind) {
  const routes = KINDS[kind]
  contractRoute(app, routes.list, async ({ params, query }) =>
    routes.presentPage(await portfolio.list(kind, params.id, query.page, query.perPage)),
  )
  contractRoute(app, routes.add, async ({ body, request, reply }) => {
    reply.status(201)
    return routes.present(await portfolio.add(kind, fieldsOf(body), request.user!))
  })
  contractRoute(app, routes.update, async ({ params, body, request }) =>
    routes.present(await portfolio.update(kind, params.id, fieldsOf(body), request.user!)),
  )
  contractRoute(app, routes.remove, ({ params, request }) => portfolio.remove(kind, params.id, request.user!))
  contractRoute(app, routes.addFile, async ({ params, request }) =>
    routes.present(await portfolio.addFile(kind, params.id, fileOf(request), request.user!)),
  )
  contractRoute(app, routes.removeFile, async ({ params, request }) =>
    routes.present(await portfolio.removeFile(kind, params.id, params.index, request.user!)),
  )
  contractRoute(app, routes.reorder, async ({ body, request }) =>
    routes.presentPage(await portfolio.reorder(kind, body.ids, request.user!)),
  )
}

export async function portfolioRoutes(app: FastifyInstance, { portfolio }: { portfolio: PortfolioService }) {
  kindRoutes(app, portfolio, 'documents')
  kindRoutes(app, portfolio, 'works')
}
