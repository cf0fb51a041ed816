import { integer, jsonb, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core'
import type { Localized } from './catalogue.ts'

/** The information pages (about, faq, …) and the legal documents, written in Markdown in four languages. */
export const contentPages = pgTable('content_pages', {
  slug: text().primaryKey(),
  kind: text({ enum: ['page', 'legal'] }).notNull(),
  position: integer().notNull().default(0),
  title: jsonb().$type<Localized>().notNull(),
  description: jsonb().$type<Localized>().notNull(),
  body: jsonb().$type<Localized>().notNull(),
})

export const blogCategories = pgTable('blog_categories', {
  slug: text().primaryKey(),
  position: integer().notNull().default(0),
  name: jsonb().$type<Localized>().notNull(),
})

export const blogPosts = pgTable(
  'blog_posts',
  {
    slug: text().primaryKey(),
    categorySlug: text()
      .notNull()
      .references(() => blogCategories.slug, { onDelete: 'cascade' }),
    /** Null while a draft: only a published post is public (listed, readable, in the sitemap). */
    publishedAt: timestamp({ withTimezone: true }),
    title: jsonb().$type<Localized>().notNull(),
    description: jsonb().$type<Localized>().notNull(),
    body: jsonb().$type<Localized>().notNull(),
  },
  (table) => [index('blog_posts_category').on(table.categorySlug, table.publishedAt)],
)
