/**
 * The moderation console's API under /api/admin (docs/decisions/028-identity-verification.md): every route needs a
 * session (401) and the `moderator` role (403). Takes the verification and reports areas; gives nothing.
 */
import fp from 'fastify-plugin'
import type { ReportsPort } from '#server/modules/reports/index.ts'
import type { VerificationPort } from '#server/modules/verification/index.ts'
import { adminReportRoutes } from './report-routes.ts'
import { adminRoutes } from './routes.ts'

export const adminArea = fp<{ verification: VerificationPort; reports: ReportsPort }>(
  async (app, { verification, reports }) => {
    await app.register(adminRoutes, { verification: verification.service, audit: verification.audit })
    await app.register(adminReportRoutes, { reports: reports.service })
  },
  { name: 'admin-area' },
)
