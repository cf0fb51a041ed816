/**
 * The identity verification area (docs/decisions/028-identity-verification.md): a specialist's documents, encrypted
 * in the document vault, their review by moderators, and the signed links that show the photos. Takes the auth
 * area (a decision refreshes the person's cached profile); gives `app.verification`.
 */
import fp from 'fastify-plugin'
import { createDocumentVault } from '#server/adapters/documents/document-vault.ts'
import { createSealedUploadStore } from '#server/adapters/documents/sealed-upload-store.ts'
import { DOCUMENT_UPLOAD_TTL_S } from '#contract/verification-endpoints.ts'
import { resolveDocumentsKeys } from '#server/documents-key.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { defineRetention } from '#server/lib/retention.ts'
import type { AuthPort } from '#server/modules/auth/index.ts'
import { createAuditLog, type AuditLog } from '#server/modules/audit/audit-log.ts'
import { createDocumentUploads } from './document-uploads.ts'
import { createVerificationRepository } from './repository.ts'
import { verificationRoutes } from './routes.ts'
import { createVerificationService, type VerificationService } from './service.ts'

export type VerificationPort = { service: VerificationService; audit: AuditLog }

export const verificationArea = fp<AreaContext & { auth: AuthPort }>(
  async (app, { database: { db }, config, clock, jobs, metrics, events, auth }) => {
    const audit = createAuditLog(db)
    const keys = await resolveDocumentsKeys(config)
    const vault = createDocumentVault(config.DATA_DIR, keys)
    const store = createSealedUploadStore(config.DATA_DIR, keys, DOCUMENT_UPLOAD_TTL_S * 1000, clock.now)
    const uploads = createDocumentUploads({ store, vault, clock })
    const verification = createVerificationService({
      repo: createVerificationRepository(db),
      audit,
      vault,
      clock,
      secret: config.JWT_SECRET,
      forgetUser: (userId) => auth.sessionCache.forget({ user: userId }),
      events,
      uploads,
    })
    defineRetention({ jobs, metrics, config }, 'documents', () =>
      verification.deleteDueFiles(config.DOCUMENTS_RETENTION_DAYS),
    )
    // Hourly, so an upload never submitted is gone at most an hour after its day (one process of all runs it).
    jobs.define(
      'document-uploads.expire',
      { retryLimit: 3, retryDelayS: 60, expireInS: 600, pollS: 30, policy: 'oneAtATime', cron: '17 * * * *' },
      async (_data, job) => job.log.info(await uploads.deleteExpired(), 'expired uploads deleted'),
    )
    await app.register(verificationRoutes, { verification })
    await app.register(uploads.routes)
    app.decorate('verification', { service: verification, audit } satisfies VerificationPort)
  },
  { name: 'verification-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    verification: VerificationPort
  }
}
