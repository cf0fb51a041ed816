/**
 * The moderation console's API under /api/admin (docs/decisions/028-identity-verification.md): every route needs a
 * session (401) and the `moderator` role (403). Takes the verification area and, for the content editor, the
 * database, clock, events and broadcast; gives nothing.
 */
import fp from 'fastify-plugin'
import type { VerificationPort } from '#server/modules/verification/index.ts'
import { adminContent, type AdminContentContext } from './content/index.ts'
import { adminRoutes } from './routes.ts'

export const adminArea = fp<Omit<AdminContentContext, 'audit'> & { verification: VerificationPort }>(
  async (app, { verification, ...context }) => {
    await app.register(adminRoutes, { verification: verification.service, audit: verification.audit })
    await app.register(adminContent, { ...context, audit: verification.audit })
  },
  { name: 'admin-area' },
)
