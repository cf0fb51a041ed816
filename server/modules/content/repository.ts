import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { blogCategories, blogPosts, contentPages } from '#server/db/schema/content.ts'

// Only a published post is public: a draft (no publication date) is seen in the moderators' console alone.
const published = isNotNull(blogPosts.publishedAt)

export function createContentRepository(db: Database) {
  return {
    async page(kind: 'page' | 'legal', slug: string) {
      const [row] = await db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.kind, kind), eq(contentPages.slug, slug)))
        .limit(1)
      return row
    },
    legalDocuments: () =>
      db
        .select()
        .from(contentPages)
        .where(eq(contentPages.kind, 'legal'))
        .orderBy(asc(contentPages.position)),
    blogCategories: () => db.select().from(blogCategories).orderBy(asc(blogCategories.position)),
    async blogPosts(filters: { category?: string; page: number; perPage: number }) {
      const where = and(
        published,
        filters.category ? eq(blogPosts.categorySlug, filters.category) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select({ post: blogPosts, category: blogCategories })
          .from(blogPosts)
          .innerJoin(blogCategories, eq(blogCategories.slug, blogPosts.categorySlug))
          .where(where)
          .orderBy(desc(blogPosts.publishedAt))
          .limit(filters.perPage)
          .offset((filters.page - 1) * filters.perPage),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(blogPosts)
          .where(where),
      ])
      return { rows, total: total?.count ?? 0 }
    },
    async blogPost(slug: string) {
      const [row] = await db
        .select({ post: blogPosts, category: blogCategories })
        .from(blogPosts)
        .innerJoin(blogCategories, eq(blogCategories.slug, blogPosts.categorySlug))
        .where(and(published, eq(blogPosts.slug, slug)))
        .limit(1)
      return row
    },
  }
}
export type ContentRepository = ReturnType<typeof createContentRepository>
