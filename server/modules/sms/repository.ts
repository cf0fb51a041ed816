import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { smsVerifications } from '#server/db/schema/auth.ts'

/** What a code is for: the app's registration and reset, and the bot's proof that a phone with an account is theirs. */
export type SmsPurpose = 'register' | 'reset_pass' | 'telegram'
export type Verification = typeof smsVerifications.$inferSelect

export function createSmsRepository(db: Database) {
  return {
    /** When codes were sent since `since`, oldest first, to one phone or from one client address. */
    async sentSince(by: { phone: string } | { ip: string }, since: Date): Promise<Date[]> {
      const who = 'phone' in by ? eq(smsVerifications.phone, by.phone) : eq(smsVerifications.ip, by.ip)
      const rows = await db
        .select({ at: smsVerifications.createdAt })
        .from(smsVerifications)
        .where(and(who, gt(smsVerifications.createdAt, since)))
        .orderBy(asc(smsVerifications.createdAt))
      return rows.map((row) => row.at)
    },

    async insert(values: typeof smsVerifications.$inferInsert) {
      await db.insert(smsVerifications).values(values)
    },

    async remove(id: string) {
      await db.delete(smsVerifications).where(eq(smsVerifications.id, id))
    },

    async find(id: string): Promise<Verification | undefined> {
      const [row] = await db.select().from(smsVerifications).where(eq(smsVerifications.id, id)).limit(1)
      return row
    },

    /**
     * Takes one of a live code's tries before its guess is judged, in one statement, and answers the code; none
     * when no try is left or the code is spent or expired. Concurrent guesses cannot share a try.
     */
    async reserveTry(id: string, maxAttempts: number, now: Date): Promise<Verification | undefined> {
      const [row] = await db
        .update(smsVerifications)
        .set({ attempts: sql`${smsVerifications.attempts} + 1` })
        .where(
          and(
            eq(smsVerifications.id, id),
            lt(smsVerifications.attempts, maxAttempts),
            isNull(smsVerifications.consumedAt),
            or(isNotNull(smsVerifications.verifiedAt), gt(smsVerifications.expiresAt, now)),
          ),
        )
        .returning()
      return row
    },

    /** Gives back a try reserved for a guess that was right: only wrong guesses spend the code's tries. */
    async returnTry(id: string) {
      await db
        .update(smsVerifications)
        .set({ attempts: sql`${smsVerifications.attempts} - 1` })
        .where(and(eq(smsVerifications.id, id), gt(smsVerifications.attempts, 0)))
    },

    async markVerified(id: string, at: Date) {
      await db
        .update(smsVerifications)
        .set({ verifiedAt: at })
        .where(and(eq(smsVerifications.id, id), isNull(smsVerifications.verifiedAt)))
    },

    /**
     * Uses a verified code for its purpose, once, while it has tries left: a second caller with the same id, or
     * one whose code was guessed wrong to its last try after it was verified, gets undefined.
     */
    async consume(
      where: { id: string; phone: string; purpose: SmsPurpose; verifiedAfter: Date; maxAttempts: number },
      at: Date,
    ) {
      const [row] = await db
        .update(smsVerifications)
        .set({ consumedAt: at })
        .where(
          and(
            eq(smsVerifications.id, where.id),
            eq(smsVerifications.phone, where.phone),
            eq(smsVerifications.purpose, where.purpose),
            isNotNull(smsVerifications.verifiedAt),
            gt(smsVerifications.verifiedAt, where.verifiedAfter),
            isNull(smsVerifications.consumedAt),
            lt(smsVerifications.attempts, where.maxAttempts),
          ),
        )
        .returning()
      return row
    },

    async purgeBefore(before: Date) {
      const rows = await db
        .delete(smsVerifications)
        .where(lt(smsVerifications.createdAt, before))
        .returning({ id: smsVerifications.id })
      return rows.length
    },
  }
}
export type SmsRepository = ReturnType<typeof createSmsRepository>
