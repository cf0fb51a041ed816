/**
 * The moderation console's API under /api/admin (docs/decisions/028-identity-verification.md): every route needs a
 * session (401) and the `moderator` role (403). Takes the verification, reports and moderation areas; gives nothing.
 */
import fp from 'fastify-plugin'
import type { ModerationPort } from '#server/modules/moderation/index.ts'
import type { ReportsPort } from '#server/modules/reports/index.ts'
import type { VerificationPort } from '#server/modules/verification/index.ts'
import { adminCatalogueRoutes } from './catalogue-routes.ts'
import { adminReportRoutes } from './report-routes.ts'
import { adminRoutes } from './routes.ts'

export const adminArea = fp<{ verification: VerificationPort; reports: ReportsPort; moderation: ModerationPort }>(
  async (app, { verification, reports, moderation }) => {
    await app.register(adminRoutes, { verification: verification.service, audit: verification.audit })
    await app.register(adminReportRoutes, { reports: reports.service })
    await app.register(adminCatalogueRoutes, { moderation })
  },
  { name: 'admin-area' },
)
