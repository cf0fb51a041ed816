import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { NotificationKind } from '#contract/schemas/notifications.ts'
import type { Database } from '#server/db/client.ts'
import { emailVerificationTokens } from '#server/db/schema/email.ts'
import { notificationSettings } from '#server/db/schema/notifications.ts'
import { users } from '#server/db/schema/users.ts'
import { DEFAULT_CHANNELS } from '#server/modules/notifications/settings.ts'

/** The only code of the email area that touches tables (docs/decisions/027-email.md). */
export function createEmailRepository(db: Database) {
  return {
    /**
     * Reserves the right to mail a link to the person now, in one statement: the last link was mailed before
     * `notBefore` (or never). Two requests at once cannot both pass: the row's lock makes the second see the first's
     * time. Answers the address to mail, or undefined when the wait is not over (`lastSentAt` says since when).
     */
    async reserveLink(userId: number, now: Date, notBefore: Date) {
      const [row] = await db
        .update(users)
        .set({ emailLinkSentAt: now })
        .where(
          and(
            eq(users.id, userId),
            isNull(users.deletedAt),
            sql`${users.email} is not null`,
            or(isNull(users.emailLinkSentAt), lt(users.emailLinkSentAt, notBefore)),
          ),
        )
        .returning({ email: users.email })
      return row?.email ?? undefined
    },

    /** The newest link is the one that works: the person's earlier ones are deleted with its insert. */
    async replaceToken(row: {
      tokenHash: string
      userId: number
      email: string
      createdAt: Date
      expiresAt: Date
    }) {
      await db.transaction(async (tx) => {
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, row.userId))
        await tx.insert(emailVerificationTokens).values(row)
      })
    },

    /**
     * Follows a link, in one transaction: the token is taken if it is live (one statement deletes it and says whose
     * it was, so it verifies once however often followed), and the account's address verified only while it is
     * still the one the link was mailed to. Verifying turns the e-mail switch on (the person asked for mail) and
     * clears a bounce. Answers the user's id, or undefined for a link that verifies nothing.
     */
    verify(tokenHash: string, now: Date): Promise<number | undefined> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .delete(emailVerificationTokens)
          .where(
            and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, now)),
          )
          .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email })
        if (!token) return undefined
        const [row] = await tx
          .update(users)
          .set({ emailVerifiedAt: now, emailBouncedAt: null, emailNotifications: true, updatedAt: now })
          .where(and(eq(users.id, token.userId), eq(users.email, token.email), isNull(users.deletedAt)))
          .returning({ id: users.id })
        return row?.id
      })
    },

    /**
     * A mail to `email` bounced: that address is switched off (bounced, e-mail notifications off), unless the
     * person has changed it since the mail was queued. Answers whether it was still theirs.
     */
    async markBounced(userId: number, email: string, now: Date) {
      const rows = await db
        .update(users)
        .set({ emailBouncedAt: now, emailNotifications: false, updatedAt: now })
        .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
        .returning({ id: users.id })
      return rows.length > 0
    },

    /**
     * Turns one kind's e-mail switch off, in one statement, keeping the kind's other switches (their defaults when
     * never changed) and the person's other kinds. Answers whether the account exists.
     */
    async switchOff(userId: number, kind: NotificationKind, now: Date) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1)
      if (!user) return false
      const defaults = JSON.stringify(DEFAULT_CHANNELS)
      const kinds = (current: unknown) =>
        sql`${current} || jsonb_build_object(${kind}::text, ${defaults}::jsonb || coalesce(${current} -> ${kind}::text, '{}'::jsonb) || '{"email":false}'::jsonb)`
      await db
        .insert(notificationSettings)
        .values({ userId, kinds: kinds(sql`'{}'::jsonb`), updatedAt: now })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { kinds: kinds(sql.raw(`"notification_settings"."kinds"`)), updatedAt: now },
        })
      return true
    },

    /** Links past their expiry, deleted by the nightly retention. */
    async deleteExpired(now: Date) {
      const rows = await db
        .delete(emailVerificationTokens)
        .where(lt(emailVerificationTokens.expiresAt, now))
        .returning({ hash: emailVerificationTokens.tokenHash })
      return rows.length
    },
  }
}
export type EmailRepository = ReturnType<typeof createEmailRepository>
