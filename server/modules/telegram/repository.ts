// Telegram's tables: the "Connect Telegram" tokens, the updates already taken, and the link on the user's row.
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import {
  telegramLinkTokens,
  telegramLoginTokens,
  telegramSignups,
  telegramUpdates,
} from '#server/db/schema/telegram.ts'
import { users, type UserRow } from '#server/db/schema/users.ts'

/** The bot's sign-up conversations and the single-use login links it gives. */
function signupQueries(db: Database) {
  return {
    /** A sign-up conversation where it stopped, if the Telegram user has one going. */
    async signupOf(telegramId: string): Promise<{ step: string; answers: unknown } | undefined> {
      const [row] = await db
        .select({ step: telegramSignups.step, answers: telegramSignups.answers })
        .from(telegramSignups)
        .where(eq(telegramSignups.telegramId, telegramId))
      return row
    },

    async saveSignup(telegramId: string, step: string, answers: object, now: Date) {
      await db
        .insert(telegramSignups)
        .values({ telegramId, step, answers, updatedAt: now })
        .onConflictDoUpdate({ target: telegramSignups.telegramId, set: { step, answers, updatedAt: now } })
    },

    async endSignup(telegramId: string) {
      await db.delete(telegramSignups).where(eq(telegramSignups.telegramId, telegramId))
    },

    async addLoginToken(row: { tokenHash: string; userId: number; expiresAt: Date }) {
      await db.insert(telegramLoginTokens).values(row)
    },

    /** Takes a live login token (one statement deletes it, so it works once) and answers its account. */
    async takeLoginToken(tokenHash: string, now: Date): Promise<UserRow | undefined> {
      const [taken] = await db
        .delete(telegramLoginTokens)
        .where(and(eq(telegramLoginTokens.tokenHash, tokenHash), gt(telegramLoginTokens.expiresAt, now)))
        .returning({ userId: telegramLoginTokens.userId })
      if (!taken) return undefined
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, taken.userId), sql`${users.deletedAt} is null`))
      return row
    },
  }
}

export function createTelegramRepository(db: Database) {
  return {
    ...signupQueries(db),
    /** Links a Telegram user to an account that proved its phone, taking it from any other account that had it. */
    async link(userId: number, telegramId: string, now: Date): Promise<UserRow | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ telegramId: null, telegramNotifications: false, updatedAt: now })
          .where(and(eq(users.telegramId, telegramId), ne(users.id, userId)))
        const [row] = await tx
          .update(users)
          .set({ telegramId, telegramNotifications: true, updatedAt: now })
          .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`))
          .returning()
        return row
      })
    },

    async addLinkToken(row: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }) {
      await db.insert(telegramLinkTokens).values(row)
    },

    /**
     * The bot's `/start <token>`, in one transaction: the update is recorded as taken (a repeat does nothing), the
     * token taken if it is live (one statement deletes it and says whose it was, so it links once however often
     * sent), and its account linked to the Telegram user, taking the Telegram user from another account that had it
     * (one account per Telegram user: the newest proof wins; that account's Telegram notifications stop with it).
     * The account's Telegram switch turns on: linking is asking for it.
     * A failure on the way leaves all three as they were, so Telegram's next delivery of the update tries again.
     */
    linkByStart(start: {
      updateId: number
      tokenHash: string
      telegramId: string
      now: Date
    }): Promise<'repeat' | 'invalid' | UserRow> {
      const { updateId, tokenHash, telegramId, now } = start
      return db.transaction(async (tx) => {
        const taken = await tx
          .insert(telegramUpdates)
          .values({ updateId, receivedAt: now })
          .onConflictDoNothing()
          .returning({ updateId: telegramUpdates.updateId })
        if (taken.length === 0) return 'repeat'
        const [token] = await tx
          .delete(telegramLinkTokens)
          .where(and(eq(telegramLinkTokens.tokenHash, tokenHash), gt(telegramLinkTokens.expiresAt, now)))
          .returning({ userId: telegramLinkTokens.userId })
        if (!token) return 'invalid'
        await tx
          .update(users)
          .set({ telegramId: null, telegramNotifications: false, updatedAt: now })
          .where(and(eq(users.telegramId, telegramId), ne(users.id, token.userId)))
        const [row] = await tx
          .update(users)
          .set({ telegramId, telegramNotifications: true, updatedAt: now })
          .where(and(eq(users.id, token.userId), sql`${users.deletedAt} is null`))
          .returning()
        return row ?? 'invalid'
      })
    },

    async unlinkUser(userId: number, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ telegramId: null, telegramNotifications: false, updatedAt: now })
        .where(eq(users.id, userId))
        .returning()
      return row
    },

    /** Telegram refused to write to the person (they blocked the bot): their Telegram notifications stop. */
    async switchOff(userId: number, now: Date) {
      await db.update(users).set({ telegramNotifications: false, updatedAt: now }).where(eq(users.id, userId))
    },

    async findByPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.phone, phone), sql`${users.deletedAt} is null`))
        .limit(1)
      return row
    },

    async findByTelegramId(telegramId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.telegramId, telegramId), sql`${users.deletedAt} is null`))
        .limit(1)
      return row
    },

    /** Records an update as taken; false when Telegram had delivered it before. */
    async takeUpdate(updateId: number, now: Date): Promise<boolean> {
      const rows = await db
        .insert(telegramUpdates)
        .values({ updateId, receivedAt: now })
        .onConflictDoNothing()
        .returning({ updateId: telegramUpdates.updateId })
      return rows.length === 1
    },

    /**
     * Retention: updates older than Telegram would repeat, tokens past their expiry, and sign-ups left unfinished
     * for as long as updates are kept.
     */
    async deleteOld(updatesBefore: Date, now: Date) {
      const updates = await db
        .delete(telegramUpdates)
        .where(lt(telegramUpdates.receivedAt, updatesBefore))
        .returning({ id: telegramUpdates.updateId })
      const tokens = await db
        .delete(telegramLinkTokens)
        .where(lt(telegramLinkTokens.expiresAt, now))
        .returning({ hash: telegramLinkTokens.tokenHash })
      const logins = await db
        .delete(telegramLoginTokens)
        .where(lt(telegramLoginTokens.expiresAt, now))
        .returning({ hash: telegramLoginTokens.tokenHash })
      const signups = await db
        .delete(telegramSignups)
        .where(lt(telegramSignups.updatedAt, updatesBefore))
        .returning({ id: telegramSignups.telegramId })
      return {
        telegram_updates: updates.length,
        telegram_link_tokens: tokens.length + logins.length,
        telegram_signups: signups.length,
      }
    },
  }
}
export type TelegramRepository = ReturnType<typeof createTelegramRepository>
