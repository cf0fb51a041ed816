import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { profilePromotions } from '#server/db/schema/promotion.ts'
import { planFeatureActiveSql } from '#server/modules/wallet/entitlements.ts'

const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`

/** The one promotion row of each person (profile_promotions). */
export function createPromotionRepository(db: Database) {
  return {
    async of(userId: number) {
      const [row] = await db.select().from(profilePromotions).where(eq(profilePromotions.userId, userId))
      return row
    },

    /** Starts a promotion over whatever the person had: a running one is replaced, not lengthened. */
    async start(userId: number, startsAt: Date, endsAt: Date) {
      const [row] = await db
        .insert(profilePromotions)
        .values({ userId, startsAt, endsAt, updatedAt: startsAt })
        .onConflictDoUpdate({
          target: profilePromotions.userId,
          set: { startsAt, endsAt, updatedAt: startsAt },
        })
        .returning()
      return row!
    },

    /** Ends a running promotion at `now`; one already over keeps the day it ended. */
    async stop(userId: number, now: Date) {
      await db
        .update(profilePromotions)
        .set({ endsAt: now, updatedAt: now })
        .where(
          and(
            eq(profilePromotions.userId, userId),
            lte(profilePromotions.startsAt, now),
            gt(profilePromotions.endsAt, now),
          ),
        )
    },

    /**
     * Those of `userIds` whose promotion shows at `now`: its days run and their plan has `promotion`. One query by
     * the primary key, cheap beside the notifications it orders; the plan is asked per running promotion (the
     * scalar subquery keeps the planner from hashing every running plan period instead).
     */
    async promotedAmong(userIds: number[], now: Date): Promise<number[]> {
      if (userIds.length === 0) return []
      const at = now.toISOString()
      const result = (await db.execute(sql`
        select pr.user_id from profile_promotions pr
        where pr.user_id = any(${intArray(userIds)})
          and pr.starts_at <= ${at}::timestamptz and pr.ends_at > ${at}::timestamptz
          and (select ${planFeatureActiveSql(sql`pr.user_id`, 'promotion', now)})`)) as unknown as {
        rows: { user_id: number }[]
      }
      return result.rows.map((row) => Number(row.user_id))
    },
  }
}
export type PromotionRepository = ReturnType<typeof createPromotionRepository>
