import { and, asc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { categories, services } from '#server/db/schema/catalogue.ts'
import { blogPosts, contentPages } from '#server/db/schema/content.ts'
import { users } from '#server/db/schema/users.ts'
import { publicProfile } from '#server/modules/profile/visibility.ts'

const parents = alias(services, 'parent')
// A service anyone can order: approved, and under an approved parent when it has one (the catalogue's rule).
const orderable = and(
  eq(services.status, 'approved'),
  or(isNull(services.parentId), eq(parents.status, 'approved')),
)

/** What the sitemap lists, read in slices: the long lists (profiles, services) by keyset on their ids. */
export function createSitemapRepository(db: Database) {
  /**
   * The ids that end each full slice of `size` rows, in order: the slices' keyset boundaries. One pass over the
   * ids (an index), never an OFFSET.
   */
  async function boundaries(
    table: 'profiles' | 'services',
    size: number,
  ): Promise<{ ends: number[]; total: number }> {
    const numbered =
      table === 'profiles'
        ? db
            .select({ id: users.id, n: sql<number>`row_number() over (order by ${users.id})`.as('n') })
            .from(users)
            .where(publicProfile)
            .as('numbered')
        : db
            .select({
              id: services.id,
              n: sql<number>`row_number() over (order by ${services.id})`.as('n'),
            })
            .from(services)
            .leftJoin(parents, eq(parents.id, services.parentId))
            .where(orderable)
            .as('numbered')
    const [rows, [count]] = await Promise.all([
      db
        .select({ id: numbered.id })
        .from(numbered)
        .where(sql`${numbered.n} % ${size} = 0`)
        .orderBy(asc(numbered.id)),
      db.select({ total: sql<number>`count(*)::int` }).from(numbered),
    ])
    return { ends: rows.map((row) => Number(row.id)), total: count?.total ?? 0 }
  }

  return {
    boundaries,

    /** Specialists' profiles after an id, in id order: a customer's is never public (profile/visibility.ts). */
    profilesAfter: (afterId: number, limit: number) =>
      db
        .select({ id: users.id, slug: users.slug, updatedAt: users.updatedAt })
        .from(users)
        .where(and(publicProfile, gt(users.id, afterId)))
        .orderBy(asc(users.id))
        .limit(limit),

    /** Orderable services after an id, in id order, with their category's slug and their parent's. */
    servicesAfter: (afterId: number, limit: number) =>
      db
        .select({
          id: services.id,
          slug: services.slug,
          parentSlug: parents.slug,
          categorySlug: categories.slug,
        })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .leftJoin(parents, eq(parents.id, services.parentId))
        .where(and(orderable, gt(services.id, afterId)))
        .orderBy(asc(services.id))
        .limit(limit),

    categorySlugs: async () =>
      (
        await db
          .select({ slug: categories.slug })
          .from(categories)
          .orderBy(asc(categories.position), asc(categories.id))
      ).map((row) => row.slug),

    contentSlugs: async (kind: 'page' | 'legal') =>
      (
        await db
          .select({ slug: contentPages.slug })
          .from(contentPages)
          .where(eq(contentPages.kind, kind))
          .orderBy(asc(contentPages.position), asc(contentPages.slug))
      ).map((row) => row.slug),

    blogPosts: () =>
      db
        .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
        .from(blogPosts)
        // A draft is not public (no publication date): unpublishing a post takes it out of the sitemap.
        .where(isNotNull(blogPosts.publishedAt))
        .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.slug)),
  }
}
export type SitemapRepository = ReturnType<typeof createSitemapRepository>
