// A profile's own row: finding it when the viewer may see it, and deleting (anonymising) the account.
import { and, eq, isNull } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { refreshTokenFamilies } from '#server/db/schema/auth.ts'
import { emailVerificationTokens } from '#server/db/schema/email.ts'
import {
  calendarEvents,
  documents,
  profileViews,
  specialities,
  works,
} from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { profileVisibleTo } from './visibility.ts'

export function createProfileAccountQueries(db: Database) {
  return {
    /** The user by id or slug when `viewerId` (undefined: a guest) may open their profile (./visibility.ts). */
    async findVisible(ref: { id: number } | { slug: string }, viewerId: number | undefined) {
      const [row] = await db
        .select()
        .from(users)
        .where(and('id' in ref ? eq(users.id, ref.id) : eq(users.slug, ref.slug), profileVisibleTo(viewerId)))
        .limit(1)
      return row
    },

    /**
     * Deletes an account as decision 009 says: the row stays (orders and reviews point to it) with nothing
     * personal left, its slug and phone replaced by `deleted-<id>` (unique, never a phone anyone logs in with),
     * a password hash nothing verifies against, its specialist data deleted and every session ended.
     */
    async anonymise(id: number, now: Date) {
      await db.transaction(async (tx) => {
        const gone = `deleted-${id}`
        await tx
          .update(users)
          .set({
            slug: gone,
            phone: gone,
            name: '—',
            surname: '',
            patronymic: null,
            email: null,
            emailVerifiedAt: null,
            emailBouncedAt: null,
            emailLinkSentAt: null,
            passwordHash: '!',
            avatar: null,
            avatarThumb: null,
            photo: null,
            birthday: null,
            gender: 'not_specified',
            address: null,
            languages: [],
            telegramId: null,
            telegramNotifications: false,
            emailNotifications: false,
            acceptsOrders: false,
            lookingForInternship: false,
            worksRemotely: false,
            acceptsAtOwnPlace: false,
            discountPercent: 0,
            discountText: null,
            districtIds: [],
            about: null,
            workAddresses: [],
            searchName: '',
            lastSeenAt: null,
            deletedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, id))
        await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, id))
        await tx.delete(specialities).where(eq(specialities.userId, id))
        await tx.delete(documents).where(eq(documents.userId, id))
        await tx.delete(works).where(eq(works.userId, id))
        await tx.delete(calendarEvents).where(eq(calendarEvents.userId, id))
        await tx.delete(profileViews).where(eq(profileViews.userId, id))
        await tx
          .update(refreshTokenFamilies)
          .set({ revokedAt: now, revokedReason: 'logout' })
          .where(and(eq(refreshTokenFamilies.userId, id), isNull(refreshTokenFamilies.revokedAt)))
      })
    },
  }
}
