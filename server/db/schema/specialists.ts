import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import { categories, services, type Localized } from './catalogue.ts'
import { users } from './users.ts'

/** The 14 regions of Uzbekistan (Karakalpakstan, 12 regions and Tashkent city), named in the four languages. */
export const regions = pgTable('regions', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  /** Stable key of the seed (`tashkent-city`), so a re-seed never duplicates. */
  code: text().notNull().unique(),
  position: integer().notNull().default(0),
  name: jsonb().$type<Localized>().notNull(),
})

/** A district or a city of regional rank, inside a region. */
export const districts = pgTable(
  'districts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    regionId: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    code: text().notNull().unique(),
    position: integer().notNull().default(0),
    name: jsonb().$type<Localized>().notNull(),
  },
  (table) => [index('districts_region').on(table.regionId, table.position)],
)

/** A specialist's specialty in one category (the spec's "speciality record"). */
export const specialities = pgTable(
  'specialities',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('specialities_user_category').on(table.userId, table.categoryId),
    // Who hears of a new order in a category: the active specialties of it (server/modules/notifications).
    index('specialities_category_active')
      .on(table.categoryId, table.userId)
      .where(sql`${table.active}`),
  ],
)

/** A service of a specialty with its price range in tiyin. */
export const specialityServices = pgTable(
  'speciality_services',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    specialityId: integer()
      .notNull()
      .references(() => specialities.id, { onDelete: 'cascade' }),
    /** Copied from the specialty, so the specialists list filters one table. */
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    priceFrom: bigint({ mode: 'number' }),
    priceTo: bigint({ mode: 'number' }),
    active: boolean().notNull().default(true),
    /**
     * Copies for the specialists list (kept by the triggers of migration 0010, never written by the app): whether
     * the line is listed at all (it, its specialty and its user's `accepts_orders` on, the user not deleted), and
     * its user's rating, reviews count and districts. A list of one service then walks one index in its order.
     */
    listed: boolean().notNull().default(false),
    userRating: real().notNull().default(0),
    userReviewsCount: integer().notNull().default(0),
    userDistrictIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (table) => [
    unique('speciality_services_one').on(table.specialityId, table.serviceId),
    index('speciality_services_service').on(table.serviceId, table.userId),
    index('speciality_services_user').on(table.userId),
    // The specialists of one service by rating, by reviews and by price (the keys of the list's cursor).
    index('speciality_services_by_rating')
      .on(table.serviceId, table.userRating.desc(), table.userReviewsCount.desc(), table.userId.desc())
      .where(sql`${table.listed}`),
    index('speciality_services_by_reviews')
      .on(table.serviceId, table.userReviewsCount.desc(), table.userRating.desc(), table.userId.desc())
      .where(sql`${table.listed}`),
    // The capped total of one service in one district, counted from the index alone.
    index('speciality_services_districts')
      .on(table.serviceId, table.userDistrictIds)
      .where(sql`${table.listed}`),
    index('speciality_services_by_price')
      .on(
        table.serviceId,
        sql`coalesce(${table.priceFrom}, ${table.priceTo}, 1000000000000000)`,
        sql`(- ${table.userRating})`,
        table.userId,
      )
      .where(sql`${table.listed}`),
    check(
      'speciality_services_price_range',
      sql`${table.priceFrom} is null or ${table.priceTo} is null or ${table.priceTo} >= ${table.priceFrom}`,
    ),
  ],
)

/** A certificate or diploma. */
export const documents = pgTable(
  'documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    files: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('documents_user').on(table.userId, table.position)],
)

/** A work of the portfolio. */
export const works = pgTable(
  'works',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    photos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('works_user').on(table.userId, table.position)],
)

/** A time a specialist is busy; `weekly` repeats at the same weekday and time. */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull(),
    period: text({ enum: ['once', 'weekly'] })
      .notNull()
      .default('once'),
    /** The accepted order this busy time is for (docs/decisions/031-workday.md); null for one the user wrote. */
    // NOTE: migration 0035 makes it a foreign key to orders (on delete cascade) by hand: orders.ts imports this
    // file's districts, and naming orders here would make the two files import each other.
    orderId: integer().unique('calendar_events_order_id'),
  },
  (table) => [
    index('calendar_events_user').on(table.userId, table.startedAt),
    check('calendar_events_order', sql`${table.endedAt} > ${table.startedAt}`),
  ],
)

/** Views of a public profile, counted per day: the statistics chart reads weeks of these. */
export const profileViews = pgTable(
  'profile_views',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    views: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
)
