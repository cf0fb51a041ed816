// The content the moderators edit: pages and legal documents, blog posts, marquee items. Only this file touches
// those tables for the console; the public reads stay in server/modules/content and server/modules/catalogue.
import { asc, eq, gt, max, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { marqueeItems, type Localized } from '#server/db/schema/catalogue.ts'
import { blogCategories, blogPosts, contentPages } from '#server/db/schema/content.ts'
import { isUniqueViolation } from '#server/db/unique-violation.ts'

export type ContentTexts = { title: Localized; description: Localized; body: Localized }
export type BlogPostRow = typeof blogPosts.$inferSelect
export type BlogPostFields = ContentTexts & { slug: string; categorySlug: string; publishedAt: Date | null }

export function createAdminContentRepository(db: Database) {
  return {
    pages: () =>
      db
        .select({ slug: contentPages.slug, kind: contentPages.kind, title: contentPages.title })
        .from(contentPages)
        .orderBy(asc(contentPages.kind), asc(contentPages.position), asc(contentPages.slug)),

    async page(slug: string) {
      const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1)
      return row
    },

    async savePage(slug: string, texts: ContentTexts) {
      const [row] = await db.update(contentPages).set(texts).where(eq(contentPages.slug, slug)).returning()
      return row
    },

    blogCategories: () => db.select().from(blogCategories).orderBy(asc(blogCategories.position)),

    async blogCategoryExists(slug: string) {
      const [row] = await db
        .select({ slug: blogCategories.slug })
        .from(blogCategories)
        .where(eq(blogCategories.slug, slug))
        .limit(1)
      return row !== undefined
    },

    /** Posts by address after `afterSlug`, drafts too; `limit + 1` to tell whether more follow. */
    blogPosts: (afterSlug: string | undefined, limit: number) =>
      db
        .select({
          slug: blogPosts.slug,
          categorySlug: blogPosts.categorySlug,
          publishedAt: blogPosts.publishedAt,
          title: blogPosts.title,
        })
        .from(blogPosts)
        .where(afterSlug === undefined ? undefined : gt(blogPosts.slug, afterSlug))
        .orderBy(asc(blogPosts.slug))
        .limit(limit + 1),

    async blogPost(slug: string) {
      const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1)
      return row
    },

    /** The new post, or undefined when its address is taken. */
    async createBlogPost(fields: BlogPostFields) {
      const [row] = await db.insert(blogPosts).values(fields).onConflictDoNothing().returning()
      return row
    },

    /** The post after the change; undefined when there is none; 'taken' when the new address is another's. */
    async saveBlogPost(slug: string, fields: BlogPostFields): Promise<BlogPostRow | 'taken' | undefined> {
      try {
        const [row] = await db.update(blogPosts).set(fields).where(eq(blogPosts.slug, slug)).returning()
        return row
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken'
        throw error
      }
    },

    async deleteBlogPost(slug: string) {
      const rows = await db
        .delete(blogPosts)
        .where(eq(blogPosts.slug, slug))
        .returning({ slug: blogPosts.slug })
      return rows.length > 0
    },

    marquee: () =>
      db
        .select({ id: marqueeItems.id, title: marqueeItems.title })
        .from(marqueeItems)
        .orderBy(asc(marqueeItems.position), asc(marqueeItems.id)),

    /** A new item after the last one; undefined when the strip already has `maxItems`. */
    createMarqueeItem: (title: Localized, maxItems: number) =>
      db.transaction(async (tx) => {
        // One writer at a time decides the count and the next position (two moderators adding at once).
        await tx.execute(sql`lock table ${marqueeItems} in share row exclusive mode`)
        const [stats] = await tx
          .select({ count: sql<number>`count(*)::int`, last: max(marqueeItems.position) })
          .from(marqueeItems)
        if ((stats?.count ?? 0) >= maxItems) return undefined
        const [row] = await tx
          .insert(marqueeItems)
          .values({ title, position: (stats?.last ?? -1) + 1 })
          .returning({ id: marqueeItems.id, title: marqueeItems.title })
        return row
      }),

    async saveMarqueeItem(id: number, title: Localized) {
      const [row] = await db
        .update(marqueeItems)
        .set({ title })
        .where(eq(marqueeItems.id, id))
        .returning({ id: marqueeItems.id, title: marqueeItems.title })
      return row
    },

    async deleteMarqueeItem(id: number) {
      const rows = await db
        .delete(marqueeItems)
        .where(eq(marqueeItems.id, id))
        .returning({ id: marqueeItems.id })
      return rows.length > 0
    },

    /** Puts the items in the order of `ids`, which must name every item once; false (nothing moved) otherwise. */
    reorderMarquee: (ids: number[]) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${marqueeItems} in share row exclusive mode`)
        const current = await tx.select({ id: marqueeItems.id }).from(marqueeItems)
        const wanted = new Set(ids)
        if (wanted.size !== ids.length || current.length !== ids.length) return false
        if (!current.every((row) => wanted.has(row.id))) return false
        for (const [position, id] of ids.entries())
          await tx.update(marqueeItems).set({ position }).where(eq(marqueeItems.id, id))
        return true
      }),
  }
}
export type AdminContentRepository = ReturnType<typeof createAdminContentRepository>
