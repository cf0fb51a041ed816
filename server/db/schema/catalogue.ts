import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/** A text in the four languages of the product. */
export type Localized = { ru: string; oz: string; uz: string; en: string }

export const categories = pgTable('categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  position: integer().notNull().default(0),
  /** Public path of the category picture (served from the web app's files). */
  image: text(),
  name: jsonb().$type<Localized>().notNull(),
  subtitle: jsonb().$type<Localized>().notNull(),
})

export const services = pgTable(
  'services',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => services.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    name: jsonb().$type<Localized>().notNull(),
    description: jsonb().$type<Localized>(),
    /** Shown on the category card (at most three are). */
    priority: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    /** A service proposed by a user waits for moderation and is not public until approved. */
    status: text({ enum: ['approved', 'pending'] })
      .notNull()
      .default('approved'),
    proposedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Names and description in every language and script, in Latin letters: what search matches (search-text.ts). */
    searchText: text().notNull(),
    /** The names alone in the same form: short, so the typo search (trigram similarity) stays cheap. */
    searchNameText: text().notNull().default(''),
    /** Each language's full name in the same form, for exact-match ranking. */
    searchNames: text().array().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('services_category_slug').on(table.categoryId, table.slug),
    index('services_category').on(table.categoryId, table.status),
    index('services_parent').on(table.parentId),
    index('services_search_trgm').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('services_search_name_trgm').using('gin', sql`${table.searchNameText} gin_trgm_ops`),
    // The moderators' queue of proposed services, oldest first (docs/decisions/030-proposed-services-and-hidden-reviews.md).
    index('services_pending')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
)

export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
})

export const marqueeItems = pgTable('marquee_items', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  position: integer().notNull().default(0),
  title: jsonb().$type<Localized>().notNull(),
})
