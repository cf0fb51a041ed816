/**
 * The identity verification area (docs/decisions/028-identity-verification.md): a specialist's documents, encrypted
 * in the document vault, their review by moderators, and the signed links that show the photos. Takes the auth
 * area (a decision refreshes the person's cached profile); gives `app.verification`.
 */
import fp from 'fastify-plugin'
import { createDocumentVault } from '#server/adapters/documents/document-vault.ts'
import { resolveDocumentsKeys } from '#server/documents-key.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { defineRetention } from '#server/lib/retention.ts'
import type { AuthPort } from '#server/modules/auth/index.ts'
import { createAuditLog, type AuditLog } from '#server/modules/audit/audit-log.ts'
import { createVerificationRepository } from './repository.ts'
import { verificationRoutes } from './routes.ts'
import { createVerificationService, type VerificationService } from './service.ts'

export type VerificationPort = { service: VerificationService; audit: AuditLog }

export const verificationArea = fp<AreaContext & { auth: AuthPort }>(
  async (app, { database: { db }, config, clock, jobs, metrics, events, auth }) => {
    const audit = createAuditLog(db)
    const vault = createDocumentVault(config.DATA_DIR, await resolveDocumentsKeys(config))
    const verification = createVerificationService({
      repo: createVerificationRepository(db),
      audit,
      vault,
      clock,
      secret: config.JWT_SECRET,
      forgetUser: (userId) => auth.sessionCache.forget({ user: userId }),
      events,
    })
    defineRetention({ jobs, metrics, config }, 'documents', () =>
      verification.deleteDueFiles(config.DOCUMENTS_RETENTION_DAYS),
    )
    await app.register(verificationRoutes, { verification })
    app.decorate('verification', { service: verification, audit } satisfies VerificationPort)
  },
  { name: 'verification-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationPort
  }
}
