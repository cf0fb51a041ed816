// The wallet's plan periods, a person's chain of them: what plan they have now, where the chain ends, and a
// refund's revoked period.
import { and, asc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { planPeriods } from '#server/db/schema/wallet.ts'
import type { Plan } from '#contract/schemas/wallet.ts'

export function createPlanPeriodQueries(db: Database) {
  return {
    /** Where the person's plan chain ends (the last unrevoked period), or undefined. */
    async chainEnd(userId: number) {
      const [row] = await db
        .select({ end: sql<Date | string | null>`max(${planPeriods.endsAt})` })
        .from(planPeriods)
        .where(and(eq(planPeriods.userId, userId), isNull(planPeriods.revokedAt)))
      return row?.end ? new Date(row.end) : undefined
    },

    async addPeriod(values: {
      userId: number
      invoiceId?: number
      bonusGrantId?: number
      plan: Plan
      startsAt: Date
      endsAt: Date
    }) {
      await db.insert(planPeriods).values(values)
    },

    /** The plan of the person's period covering `now`, or undefined. */
    async planAt(userId: number, now: Date) {
      const [row] = await db
        .select({ plan: planPeriods.plan })
        .from(planPeriods)
        .where(
          and(
            eq(planPeriods.userId, userId),
            isNull(planPeriods.revokedAt),
            lte(planPeriods.startsAt, now),
            gt(planPeriods.endsAt, now),
          ),
        )
        .limit(1)
      return row?.plan
    },

    async periodOf(invoiceId: number) {
      const [row] = await db.select().from(planPeriods).where(eq(planPeriods.invoiceId, invoiceId))
      return row
    },

    /** Revokes a period and moves the person's periods queued after it earlier by `removedMs`. */
    async revokePeriod(period: { id: number; userId: number; endsAt: Date }, now: Date, removedMs: number) {
      await db.update(planPeriods).set({ revokedAt: now }).where(eq(planPeriods.id, period.id))
      if (removedMs <= 0) return
      const shift = sql.raw(`interval '${Math.round(removedMs)} milliseconds'`)
      await db
        .update(planPeriods)
        .set({
          startsAt: sql`${planPeriods.startsAt} - ${shift}`,
          endsAt: sql`${planPeriods.endsAt} - ${shift}`,
        })
        .where(
          and(
            eq(planPeriods.userId, period.userId),
            isNull(planPeriods.revokedAt),
            gte(planPeriods.startsAt, period.endsAt),
          ),
        )
    },

    /** The person's periods not yet over, in order. */
    periods(userId: number, now: Date) {
      return db
        .select()
        .from(planPeriods)
        .where(
          and(eq(planPeriods.userId, userId), isNull(planPeriods.revokedAt), gt(planPeriods.endsAt, now)),
        )
        .orderBy(asc(planPeriods.startsAt))
    },
  }
}
