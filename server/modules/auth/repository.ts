import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { refreshTokenFamilies, refreshTokens } from '#server/db/schema/auth.ts'

type RevokeReason = 'logout' | 'reuse' | 'password_reset'

export function createSessionsRepository(db: Database) {
  return {
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

    async findFamily(id: string) {
      const [row] = await db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, id)).limit(1)
      return row
    },

    async revokeFamily(id: string, reason: RevokeReason, at: Date) {
      await db
        .update(refreshTokenFamilies)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(refreshTokenFamilies.id, id), isNull(refreshTokenFamilies.revokedAt)))
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
