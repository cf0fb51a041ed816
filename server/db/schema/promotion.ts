import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * A master's profile promotion (docs/decisions/016-plan-features.md): one row per person, rewritten by each new
 * promotion and ended early by moving `endsAt` to the moment it was stopped. It shows only while its days run and
 * the owner's plan has `promotion`, which is asked at read time (a plan may end before the days do).
 */
export const profilePromotions = pgTable(
  'profile_promotions',
  {
    // Accounts are closed by `deleted_at`, so this cascade only tidies a row that is really gone.
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    // The promoted cards of /executors start from the promotions still running (`ends_at > now`), a few among many
    // ended ones; with the user id in the index they are found without reading the table.
    index('profile_promotions_running').on(table.endsAt, table.userId),
    check('profile_promotions_range', sql`${table.startsAt} <= ${table.endsAt}`),
  ],
)
export type ProfilePromotionRow = typeof profilePromotions.$inferSelect
