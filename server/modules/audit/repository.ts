// The audit log's table: rows are only added (a trigger of the migration refuses updates and deletes).
import { and, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { auditLog } from '#server/db/schema/verification.ts'
import { users } from '#server/db/schema/users.ts'

export type AuditEntry = { actorId: number; action: string; target: string; reason?: string | null }

export function createAuditRepository(db: Database) {
  return {
    async record(entry: AuditEntry, at: Date) {
      await db.insert(auditLog).values({ ...entry, reason: entry.reason ?? null, at })
    },

    /** Newest first, `limit + 1` to tell whether more follow; `q` is a target (`user:7`) or an action. */
    page(options: { q?: string | undefined; beforeId?: number | undefined; limit: number }) {
      const { q, beforeId, limit } = options
      return db
        .select({
          id: auditLog.id,
          action: auditLog.action,
          target: auditLog.target,
          reason: auditLog.reason,
          at: auditLog.at,
          actorId: auditLog.actorId,
          actorName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(
          and(
            q ? or(eq(auditLog.target, q), eq(auditLog.action, q)) : undefined,
            beforeId === undefined ? undefined : lt(auditLog.id, beforeId),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(limit + 1)
    },
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>
