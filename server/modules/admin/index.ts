/**
 * The moderation console's API under /api/admin (docs/decisions/028-identity-verification.md): every route needs a
 * session (401) and the `moderator` role (403). Takes the verification and moderation areas; gives nothing.
 */
import fp from 'fastify-plugin'
import type { ModerationPort } from '#server/modules/moderation/index.ts'
import type { VerificationPort } from '#server/modules/verification/index.ts'
import { adminCatalogueRoutes } from './catalogue-routes.ts'
import { adminRoutes } from './routes.ts'

export const adminArea = fp<{ verification: VerificationPort; moderation: ModerationPort }>(
  async (app, { verification, moderation }) => {
    await app.register(adminRoutes, { verification: verification.service, audit: verification.audit })
    await app.register(adminCatalogueRoutes, { moderation })
  },
  { name: 'admin-area' },
)
