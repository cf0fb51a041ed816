/**
 * The audit log (docs/decisions/028-identity-verification.md): who did what to what, when and why, for every
 * moderator action and every read of an identity document. Areas record into it; the console reads it.
 */
import type { Database } from '#server/db/client.ts'
import { createAuditRepository } from './repository.ts'

export type { AuditEntry } from './repository.ts'

export function createAuditLog(db: Database) {
  const repo = createAuditRepository(db)
  return { record: repo.record, page: repo.page }
}
export type AuditLog = ReturnType<typeof createAuditLog>
