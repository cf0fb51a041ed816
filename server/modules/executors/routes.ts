import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { ExecutorsService } from './service.ts'

export async function executorRoutes(app: FastifyInstance, { executors }: { executors: ExecutorsService }) {
  contractRoute(app, endpoints.executors, ({ query, request }) => executors.list(query, request.locale))
}
