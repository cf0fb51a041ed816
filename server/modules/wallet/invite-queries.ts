// The wallet's invites and the bonus days they grant.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'
import { bonusGrants, invites } from '#server/db/schema/wallet.ts'
import type { Plan } from '#contract/schemas/wallet.ts'

export function createInviteQueries(db: Database) {
  return {
    /** The person's invite, marked rewarded now if it was not yet: returned only the first time (exactly once). */
    async claimInvite(inviteeId: number, now: Date) {
      const [row] = await db
        .update(invites)
        .set({ rewardedAt: now })
        .where(and(eq(invites.inviteeId, inviteeId), isNull(invites.rewardedAt)))
        .returning()
      return row
    },

    async addBonusGrant(values: {
      userId: number
      inviteId: number
      days: number
      plan: Plan
      createdAt: Date
    }) {
      const [row] = await db.insert(bonusGrants).values(values).returning()
      return row!
    },

    async bonusDays(userId: number) {
      const [row] = await db
        .select({ sum: sql<string | null>`sum(${bonusGrants.days})` })
        .from(bonusGrants)
        .where(eq(bonusGrants.userId, userId))
      return Number(row?.sum ?? 0)
    },

    /** The people the person invited, newest first, at most `limit`, and how many in all. */
    async invited(inviterId: number, limit: number) {
      const where = eq(invites.inviterId, inviterId)
      const [rows, [total]] = await Promise.all([
        db
          .select({ name: users.name, joinedAt: invites.createdAt, rewardedAt: invites.rewardedAt })
          .from(invites)
          .innerJoin(users, eq(users.id, invites.inviteeId))
          .where(where)
          .orderBy(desc(invites.id))
          .limit(limit),
        db.select({ count: count() }).from(invites).where(where),
      ])
      return { rows, total: total?.count ?? 0 }
    },
  }
}
