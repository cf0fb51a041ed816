import { and, asc, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { authFailures } from '#server/db/schema/auth.ts'

export type FailureKind = 'sms_code' | 'login'

export function createAttemptsRepository(db: Database) {
  return {
    async record(kind: FailureKind, phone: string, ip: string, at: Date) {
      await db.insert(authFailures).values({ kind, phone, ip, createdAt: at })
    },

    /** Times of the failures since `since`, oldest first, for one phone or one address. */
    async since(kind: FailureKind, by: { phone: string } | { ip: string }, since: Date): Promise<Date[]> {
      const who = 'phone' in by ? eq(authFailures.phone, by.phone) : eq(authFailures.ip, by.ip)
      const rows = await db
        .select({ at: authFailures.createdAt })
        .from(authFailures)
        .where(and(eq(authFailures.kind, kind), who, gt(authFailures.createdAt, since)))
        .orderBy(asc(authFailures.createdAt))
      return rows.map((row) => row.at)
    },

    async purgeBefore(before: Date) {
      await db.delete(authFailures).where(lt(authFailures.createdAt, before))
    },
  }
}
export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>
