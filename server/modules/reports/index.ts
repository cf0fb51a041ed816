/**
 * The reports area (docs/decisions/029-reports-and-blocking.md): a person reports an order or a profile (chat
 * messages are reported in the chats area), and moderators dismiss reports, hide what was reported, warn its author
 * or block accounts (their routes are the admin area's). Takes the orders (who may read one), the chats (hiding a
 * message live), the auth (ending a blocked account's sessions) and the audit log; gives `app.reports`.
 */
import fp from 'fastify-plugin'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import { createReportsRepository } from './repository.ts'
import { reportRoutes } from './routes.ts'
import type { ReportsPorts } from './deps.ts'
import { createReportsService, type ReportsService } from './service.ts'

export type ReportsPort = { service: ReportsService }

export const reportsArea = fp<AreaContext & { ports: ReportsPorts; audit: AuditLog }>(
  async (app, { database: { db }, clock, events, ports, audit }) => {
    const reports = createReportsService({ repo: createReportsRepository(db), ports, audit, events, clock })
    await app.register(reportRoutes, { reports })
    app.decorate('reports', { service: reports } satisfies ReportsPort)
  },
  { name: 'reports-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportsPort
  }
}
