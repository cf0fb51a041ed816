import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { searchTextOf } from '#contract/search-text.ts'
import type { Database } from '#server/db/client.ts'
import { users, type UserRow } from '#server/db/schema/users.ts'

/** The columns a user may change of their own profile (the profile editor's sections). */
export type ProfileChanges = Partial<
  Pick<
    UserRow,
    | 'type'
    | 'name'
    | 'surname'
    | 'patronymic'
    | 'email'
    | 'birthday'
    | 'gender'
    | 'address'
    | 'languages'
    | 'acceptsOrders'
    | 'lookingForInternship'
    | 'worksRemotely'
    | 'acceptsAtOwnPlace'
    | 'about'
    | 'districtIds'
    | 'workAddresses'
    | 'discountPercent'
    | 'discountText'
    | 'telegramNotifications'
    | 'emailNotifications'
    | 'replyTemplate'
    | 'emailVerifiedAt'
    | 'emailBouncedAt'
    | 'emailLinkSentAt'
    | 'avatar'
    | 'avatarThumb'
  >
>

export type NewUser = {
  phone: string
  name: string
  surname: string
  patronymic: string | null
  email: string | null
  passwordHash: string
  type: 'customer' | 'executor'
  slugBase: string
  /** Set when Telegram vouched for the phone (the bot's sign-up): the account starts linked to that chat. */
  telegramId?: string
  telegramNotifications?: boolean
  districtIds?: number[]
}

export function createUsersRepository(db: Database) {
  return {
    async findByPhone(phone: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1)
      return row
    },

    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
      return row
    },

    async existsByPhone(phone: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1)
      return row !== undefined
    },

    /** Inserts the user with a slug ending in its id, which keeps slugs unique without a retry loop. */
    async insert(user: NewUser): Promise<UserRow> {
      const { slugBase, ...values } = user
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(users)
          .values({
            ...values,
            slug: sql`gen_random_uuid()::text`,
            searchName: searchTextOf([values.name, values.surname]),
          })
          .returning({ id: users.id })
        const [row] = await tx
          .update(users)
          .set({ slug: `${slugBase}-${inserted!.id}` })
          .where(eq(users.id, inserted!.id))
          .returning()
        return row!
      })
    },

    /** Applies the fields a user may change of their own profile (the service keeps `searchName` with the name). */
    async update(
      id: number,
      changes: ProfileChanges & { searchName?: string },
      now: Date,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning()
      return row
    },

    async setType(id: number, type: UserRow['type'], now: Date): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set({ type, updatedAt: now }).where(eq(users.id, id)).returning()
      return row
    },

    async setPassword(id: number, passwordHash: string, type: UserRow['type'], now: Date) {
      const [row] = await db
        .update(users)
        .set({ passwordHash, type, updatedAt: now })
        .where(eq(users.id, id))
        .returning()
      return row
    },

    /** Marks people as seen at `at` (their open sockets): one statement however many there are. */
    async markSeen(ids: number[], at: Date): Promise<void> {
      if (ids.length === 0) return
      await db.update(users).set({ lastSeenAt: at }).where(inArray(users.id, ids))
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
      return row?.n ?? 0
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
