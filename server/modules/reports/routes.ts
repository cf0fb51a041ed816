import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { ReportsService } from './service.ts'

/** A logged-in person's reports of an order or a profile (the chat's own are under /chats). */
export async function reportRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }) {
  contractRoute(app, endpoints.reportOrder, ({ params, body, request }) =>
    reports.report('order', params.id, request.user!, body),
  )
  contractRoute(app, endpoints.reportProfile, ({ params, body, request }) =>
    reports.report('profile', params.id, request.user!, body),
  )
}
