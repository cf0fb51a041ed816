/**
 * The moderation console's API under /api/admin (docs/decisions/028-identity-verification.md): every route needs a
 * session (401) and the `moderator` role (403). Takes the verification area; gives nothing.
 */
import fp from 'fastify-plugin'
import type { VerificationPort } from '#server/modules/verification/index.ts'
import { adminRoutes } from './routes.ts'

export const adminArea = fp<{ verification: VerificationPort }>(
  async (app, { verification }) => {
    await app.register(adminRoutes, { verification: verification.service, audit: verification.audit })
  },
  { name: 'admin-area' },
)
