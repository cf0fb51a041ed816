/**
 * The moderation console's API under /api/admin (docs/decisions/028-identity-verification.md): every route needs a
 * session (401) and the `moderator` role (403). Takes the verification, reports and moderation areas and, for the
 * content editor, the database, clock, events and broadcast; gives nothing.
 */
import fp from 'fastify-plugin'
import type { ModerationPort } from '#server/modules/moderation/index.ts'
import type { ReportsPort } from '#server/modules/reports/index.ts'
import type { VerificationPort } from '#server/modules/verification/index.ts'
import { adminCatalogueRoutes } from './catalogue-routes.ts'
import { adminContent, type AdminContentContext } from './content/index.ts'
import { adminReportRoutes } from './report-routes.ts'
import { adminRoutes } from './routes.ts'

type AdminAreaContext = Omit<AdminContentContext, 'audit'> & {
  verification: VerificationPort
  reports: ReportsPort
  moderation: ModerationPort
}

export const adminArea = fp<AdminAreaContext>(
  async (app, { verification, reports, moderation, ...context }) => {
    await app.register(adminRoutes, { verification: verification.service, audit: verification.audit })
    await app.register(adminReportRoutes, { reports: reports.service })
    await app.register(adminCatalogueRoutes, { moderation })
    await app.register(adminContent, { ...context, audit: verification.audit })
  },
  { name: 'admin-area' },
)
