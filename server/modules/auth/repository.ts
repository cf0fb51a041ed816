import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { refreshTokenFamilies, refreshTokens } from '#server/db/schema/auth.ts'
import { users } from '#server/db/schema/users.ts'

type RevokeReason = 'logout' | 'reuse' | 'password_reset' | 'blocked'

export function createSessionsRepository(db: Database) {
  // Runs whenever the session cache misses, so it is one prepared statement: the live session and its user together.
  const liveSession = db
    .select({ user: users, expiresAt: refreshTokenFamilies.expiresAt })
    .from(refreshTokenFamilies)
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(
      and(
        eq(refreshTokenFamilies.id, sql.placeholder('sessionId')),
        isNull(refreshTokenFamilies.revokedAt),
        gt(refreshTokenFamilies.expiresAt, sql.placeholder('now')),
        // A blocked account's sessions end with the block (decision 029); this holds in the moments between.
        isNull(users.blockedAt),
      ),
    )
    .limit(1)
    .prepare('live_session')

  return {
    /** Retention: sessions that ended (past their absolute end, or revoked) before `before`, with their tokens. */
    async deleteEndedBefore(before: Date) {
      const rows = await db
        .delete(refreshTokenFamilies)
        .where(or(lt(refreshTokenFamilies.expiresAt, before), lt(refreshTokenFamilies.revokedAt, before)))
        .returning({ id: refreshTokenFamilies.id })
      return rows.length
    },

    /** A session that is neither revoked nor past its absolute end: its user and that end. */
    async liveSession(sessionId: string, now: Date) {
      const [row] = await liveSession.execute({ sessionId, now })
      return row
    },

    async createFamily(userId: number, createdAt: Date, expiresAt: Date) {
      const [family] = await db
        .insert(refreshTokenFamilies)
        .values({ userId, createdAt, expiresAt })
        .returning()
      return family!
    },

    async addToken(familyId: string, tokenHash: string, createdAt: Date) {
      await db.insert(refreshTokens).values({ familyId, tokenHash, createdAt })
    },

    async findToken(tokenHash: string) {
      const [row] = await db
        .select({ token: refreshTokens, family: refreshTokenFamilies })
        .from(refreshTokens)
        .innerJoin(refreshTokenFamilies, eq(refreshTokens.familyId, refreshTokenFamilies.id))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1)
      return row
    },

    /** Marks a token used; false when another request used it first. */
    async useToken(tokenHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
        .returning({ tokenHash: refreshTokens.tokenHash })
      return rows.length === 1
    },

    async revokeFamily(id: string, reason: RevokeReason, at: Date) {
      await db
        .update(refreshTokenFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(refreshTokenFamilies.id, id), isNull(refreshTokenFamilies.revokedAt)))
    },

    /** Ends every session of the user but `keep` (the one changing the password stays logged in). */
    async revokeOthersOfUser(userId: number, keep: string, reason: RevokeReason, at: Date) {
      await db
        .update(refreshTokenFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(
          and(
            eq(refreshTokenFamilies.userId, userId),
            ne(refreshTokenFamilies.id, keep),
            isNull(refreshTokenFamilies.revokedAt),
          ),
        )
    },

    async revokeAllOfUser(userId: number, reason: RevokeReason, at: Date) {
      await db
        .update(refreshTokenFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)))
    },
  }
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>
