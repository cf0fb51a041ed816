import { sql } from 'drizzle-orm'
import { check, integer, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * The steps the accepted specialist tapped on an order's day (docs/decisions/031-workday.md): on my way, arrived,
 * done. Each step at most once per specialist and order; a client's key makes a replayed tap answer the first.
 */
export const orderProgress = pgTable(
  'order_progress',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    executorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text({ enum: ['on_my_way', 'arrived', 'done'] }).notNull(),
    /** The step's place in the day (1, 2, 3): a step is taken only after every earlier one's rank. */
    rank: smallint().notNull(),
    etaMinutes: smallint(),
    /** When the specialist tapped it on their phone (it may reach us later, from the offline outbox). */
    tappedAt: timestamp({ withTimezone: true }).notNull(),
    clientKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    unique('order_progress_client_key').on(table.orderId, table.clientKey),
    unique('order_progress_one_step').on(table.orderId, table.executorId, table.step),
    check('order_progress_rank', sql`${table.rank} between 1 and 3`),
  ],
)

/** A reminder sent to a specialist about one order: its key makes each reminder go once, whatever runs it. */
export const jobReminders = pgTable(
  'job_reminders',
  {
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    executorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['evening_before', 'hour_before'] }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.executorId, table.kind] })],
)

/**
 * A specialist's private calendar feed (`GET /api/calendar/{token}.ics`): only the SHA-256 of its token is kept, so
 * a copy of the database cannot read anyone's jobs. One per specialist; a reset replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
})
