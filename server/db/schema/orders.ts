import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  point,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { districts } from './specialists.ts'
import { users } from './users.ts'

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    status: text({ enum: ['open', 'inactive', 'in_progress', 'completed', 'canceled', 'archive'] })
      .notNull()
      .default('open'),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chosen executor; with status inactive it awaits their acceptance. */
    executorId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A direct order is sent to one chosen specialist (`executorId`) and never listed as open to others. */
    isDirect: boolean().notNull().default(false),
    services: integer().array().notNull(),
    /** Copied from the first service when published, for the category filter. */
    categoryId: integer(),
    name: text().notNull(),
    description: text(),
    isOnline: boolean().notNull().default(false),
    atCustomer: boolean().notNull().default(false),
    atExecutor: boolean().notNull().default(false),
    /** District and city, public; `address` (street, house, flat) is for the customer and the accepted executor. */
    area: text(),
    /** The district the work is in: specialists who serve it hear of the order (docs/decisions/010). */
    districtId: integer().references(() => districts.id, { onDelete: 'set null' }),
    address: text(),
    /** A landmark near the door ("next to school No. 5, blue gate"): private exactly like `address`. */
    landmark: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /**
     * The order's public point, (lng, lat) rounded to 0.01° as `roundToArea` rounds them (the same float8 steps), kept
     * by PostgreSQL. Every public answer about where orders are (the map, a box's list and count) is computed from it,
     * never from the exact pin: which box holds an order, how near a cell's middle it is and a crowd's middle then
     * tell nothing finer than the area everyone sees (migration 0024, docs/decisions/008 and 019). A box's GiST index
     * on a column (not on an expression) can answer from the index alone (docs/decisions/019).
     */
    spot: point({ mode: 'tuple' }).generatedAlwaysAs(
      sql`point(floor(lng * 100 + 0.5) / 100, floor(lat * 100 + 0.5) / 100)`,
    ),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    /** Tiyin. */
    price: bigint({ mode: 'number' }),
    priceMin: bigint({ mode: 'number' }),
    priceMax: bigint({ mode: 'number' }),
    wishes: text(),
    photos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    views: integer().notNull().default(0),
    repliesCount: integer().notNull().default(0),
    /** The client's key for a publish it may replay: the same key answers the same order. */
    idempotencyKey: text(),
    /** When the current executor was chosen (or the direct order sent): the specialists' statistics count it. */
    chosenAt: timestamp({ withTimezone: true }),
    /** When the customer marked it completed. */
    completedAt: timestamp({ withTimezone: true }),
    /**
     * When a moderator hid the order (docs/decisions/029-reports-and-blocking.md): it leaves every public list and
     * its page answers as missing to everyone but its customer.
     */
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    unique('orders_customer_idempotency').on(table.customerId, table.idempotencyKey),
    index('orders_executor_chosen').on(table.executorId, table.chosenAt),
    // A specialist's working days (their job list, reminders, calendar feed): their accepted orders by start.
    index('orders_executor_started')
      .on(table.executorId, table.startedAt, table.id)
      .where(sql`${table.status} in ('in_progress', 'completed')`),
    // Every list reads newest first (created_at desc, id desc) and pages by that key: each list's index ends with it,
    // so a page is one index range walked in order and stopped at the limit (docs/decisions/012).
    // The open list, as anyone sees it.
    // It carries lng and lat so that a box in a city is walked in the index alone, reading the table only for the
    // page's own rows (docs/decisions/019).
    index('orders_open_created')
      .on(table.createdAt, table.id, table.lng, table.lat)
      .where(sql`${table.status} = 'open' and not ${table.isDirect}`),
    index('orders_open_category_created')
      .on(table.categoryId, table.createdAt, table.id)
      .where(sql`${table.status} = 'open' and not ${table.isDirect}`),
    // A customer's tabs. (A specialist's are the few orders they replied to or were chosen for: orders_executor_chosen
    // and replies_executor_created find them, then they are sorted.)
    index('orders_customer').on(table.customerId, table.status, table.createdAt, table.id),
    // The open list's filters that its newest-first walk would read far for when few orders match: a service, the
    // start days.
    index('orders_open_services')
      .using('gin', table.services)
      .where(sql`${table.status} = 'open' and not ${table.isDirect}`),
    index('orders_open_started')
      .on(table.startedAt)
      .where(sql`${table.status} = 'open' and not ${table.isDirect}`),
    // The map's box: a 2-D index over open orders only, so a box reads the orders in it and stops at a limit.
    // NOTE: migration 0023 has it INCLUDE (created_at, id), which drizzle's builder cannot say: a map cell's newest
    // orders are picked from the index alone (docs/decisions/019). A migration that rebuilds it must keep them.
    index('orders_open_spot')
      .using('gist', table.spot)
      .where(sql`${table.status} = 'open' and not ${table.isDirect}`),
    check(
      'orders_price_range',
      sql`${table.priceMax} is null or ${table.priceMin} is null or ${table.priceMax} > ${table.priceMin}`,
    ),
  ],
)

export const replies = pgTable(
  'replies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    executorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    idempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    unique('replies_one_per_executor').on(table.orderId, table.executorId),
    index('replies_executor_created').on(table.executorId, table.createdAt),
  ],
)

export const reviews = pgTable(
  'reviews',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    executorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer(),
    rating: smallint().notNull(),
    comment: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * Set when a moderator hid the review for breaking the rules (docs/decisions/030-proposed-services-and-hidden-reviews.md): it is shown nowhere and
     * counts in no rating, but stays for its order and the audit log, and can be shown again.
     */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // A specialist's reviews, newest first (their page, the public profile, the statistics).
    index('reviews_executor_created').on(table.executorId, table.createdAt),
    // Every review, newest first: the moderators' list.
    index('reviews_created').on(table.createdAt, table.id),
  ],
)

/**
 * Who looked at which order on which Tashkent day: an order's views count each person (or device) once a day
 * (order-viewers.ts). `viewer` is an HMAC under the server's secret of who it is, the order and the day, so no user
 * id, address or cookie is kept in clear and one viewer's rows cannot be linked across orders or days. Only today's
 * rows are needed; the days before yesterday are deleted at a views flush.
 * No foreign key to `orders`: its check would lock the order's row at every first view, the contention the views
 * counted in memory avoid (view-counter.ts); a deleted order's rows go with their day.
 */
export const orderViewers = pgTable(
  'order_viewers',
  {
    day: date().notNull(),
    orderId: integer().notNull(),
    viewer: text().notNull(),
  },
  // The day first: forgetting the past days is one range of the key.
  (table) => [primaryKey({ columns: [table.day, table.orderId, table.viewer] })],
)

/**
 * Counts kept up to date by triggers on `orders` (migration 0011): `open_listed` is the number of open orders
 * anyone may list (not direct), so the open list's total is one row read, not a count per request.
 */
export const orderCounters = pgTable('order_counters', {
  name: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull(),
})

/**
 * A chosen specialist whom the customer then let go: the order was cancelled while they were chosen (`canceled`) or
 * the customer chose someone else (`replaced`). Written by the orders service in the same transaction as the change,
 * because the order row itself forgets it (a re-choice overwrites `executor_id`, deleting moves it to archive). The
 * wallet's refused-services report reads it: nothing is ever charged for these orders (docs/decisions/015).
 */
export const orderRefusals = pgTable(
  'order_refusals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    executorId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text({ enum: ['canceled', 'replaced'] }).notNull(),
    /** When this specialist was chosen (or the direct order sent to them). */
    chosenAt: timestamp({ withTimezone: true }).notNull(),
    /** When the customer cancelled the order or chose someone else. */
    refusedAt: timestamp({ withTimezone: true }).notNull(),
  },
  // A specialist's report, newest first, paged by number.
  (table) => [index('order_refusals_executor_refused').on(table.executorId, table.refusedAt, table.id)],
)

/**
 * An open order a specialist said "Not interested" in (the button under a new order in Telegram): it leaves their
 * morning digest. Only its owner reads it.
 */
export const hiddenOrders = pgTable(
  'hidden_orders',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.orderId] })],
)
