import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { authFailures } from '#server/db/schema/auth.ts'

export type FailureKind = 'sms_code' | 'login'

export function createAttemptsRepository(db: Database): AttemptsRepository {
  return {
    /** The same queries inside a caller's transaction (the SMS code's judge holds the phone's lock in its own). */
    within: (tx: Database) => createAttemptsRepository(tx),

    /**
     * Runs `work` in one transaction holding a lock per key, so a count and the failure recorded after it are one
     * step for everyone else holding any of the same keys. Keys are taken in one order, so two callers never wait
     * for each other.
     */
    exclusive<T>(keys: string[], work: (scoped: AttemptsRepository) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        for (const key of [...new Set(keys)].sort())
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
        return work(createAttemptsRepository(tx as unknown as Database))
      })
    },

    /** Records a failure and answers its id, so a try counted before it was judged can be given back. */
    async record(kind: FailureKind, phone: string, ip: string, at: Date): Promise<number> {
      const [row] = await db
        .insert(authFailures)
        .values({ kind, phone, ip, createdAt: at })
        .returning({ id: authFailures.id })
      return row!.id
    },

    /** Takes back a failure recorded ahead of a check that then succeeded. */
    async release(id: number) {
      await db.delete(authFailures).where(eq(authFailures.id, id))
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
      const rows = await db
        .delete(authFailures)
        .where(lt(authFailures.createdAt, before))
        .returning({ id: authFailures.id })
      return rows.length
    },
  }
}
export type AttemptsRepository = {
  within(tx: Database): AttemptsRepository
  exclusive<T>(keys: string[], work: (scoped: AttemptsRepository) => Promise<T>): Promise<T>
  record(kind: FailureKind, phone: string, ip: string, at: Date): Promise<number>
  release(id: number): Promise<void>
  since(kind: FailureKind, by: { phone: string } | { ip: string }, since: Date): Promise<Date[]>
  purgeBefore(before: Date): Promise<number>
}
