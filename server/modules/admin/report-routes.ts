import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { ReportsService } from '#server/modules/reports/service.ts'
import { moderatorOf } from './routes.ts'

/** The console's reports, warnings and blocks (docs/decisions/029-reports-and-blocking.md): moderators only. */
export async function adminReportRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }) {
  contractRoute(app, endpoints.adminReports, ({ request, query }) => {
    moderatorOf(request)
    return reports.list(query.cursor)
  })
  contractRoute(app, endpoints.dismissReport, ({ request, params, body }) =>
    reports.dismiss(params.kind, params.id, moderatorOf(request), body.text),
  )
  contractRoute(app, endpoints.hideReported, ({ request, params, body }) =>
    reports.hide(params.kind, params.id, moderatorOf(request), body.text),
  )
  contractRoute(app, endpoints.warnReported, ({ request, params, body }) =>
    reports.warn(params.kind, params.id, moderatorOf(request), body),
  )
  contractRoute(app, endpoints.blockUser, ({ request, params, body }) =>
    reports.block(params.id, moderatorOf(request), body),
  )
  contractRoute(app, endpoints.unblockUser, ({ request, params, body }) =>
    reports.unblock(params.id, moderatorOf(request), body.text),
  )
}
