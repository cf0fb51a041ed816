// The rules of the moderators' content editor (issue 35): every change is audited with what it changed, and
// announced so public pages and the sitemap show it at once, in every process.
import {
  ADMIN_BLOG_PAGE,
  MARQUEE_ITEMS_MAX,
  type AdminBlogPost,
  type AdminPage,
  type LocalizedText,
} from '#contract/schemas/admin-content.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import type { AuditLog } from '#server/modules/audit/audit-log.ts'
import { changedTexts, describeChanges } from './changed-fields.ts'
import type { ContentChanges } from './content-changes.ts'
import type { AdminContentRepository, BlogPostRow, ContentTexts } from './repository.ts'

type Deps = { repo: AdminContentRepository; audit: AuditLog; clock: Clock; changes: ContentChanges }
type Moderator = Pick<UserRow, 'id'>
type BlogPostInput = ContentTexts & { slug: string; category: string; published: boolean }

const notFound = () => new AppError('not_found', 'not_found')

const presentPost = (row: BlogPostRow): AdminBlogPost => ({
  slug: row.slug,
  category: row.categorySlug,
  published_at: row.publishedAt?.toISOString() ?? null,
  title: row.title,
  description: row.description,
  body: row.body,
})

const textsOf = ({ title, description, body }: ContentTexts) => ({ title, description, body })

export function createAdminContentService({ repo, audit, clock, changes }: Deps) {
  /** Audits a change and tells every process: the row first, so a change is never public without its record. */
  async function changed(moderator: Moderator, action: string, target: string, reason: string | null) {
    await audit.record({ actorId: moderator.id, action, target, reason }, clock.now())
    await changes.announce()
  }

  async function checkedCategory(slug: string) {
    if (!(await repo.blogCategoryExists(slug))) throw fieldError('category', 'category_not_found')
    return slug
  }

  /** A post's publication date after a save: kept while it stays published, now when it is first published. */
  const publicationDate = (published: boolean, before: Date | null | undefined) =>
    published ? (before ?? clock.now()) : null

  return {
    pages: async () => ({ collection: await repo.pages() }),

    async page(slug: string): Promise<AdminPage> {
      const row = await repo.page(slug)
      if (!row) throw notFound()
      return { slug: row.slug, kind: row.kind, ...textsOf(row) }
    },

    async savePage(slug: string, texts: ContentTexts, moderator: Moderator): Promise<AdminPage> {
      const before = await repo.page(slug)
      if (!before) throw notFound()
      const row = await repo.savePage(slug, texts)
      if (!row) throw notFound()
      const what = describeChanges(changedTexts(textsOf(before), texts))
      await changed(moderator, 'content.page.save', `content_page:${slug}`, what)
      return { slug: row.slug, kind: row.kind, ...textsOf(row) }
    },

    blogCategories: async () => ({
      collection: (await repo.blogCategories()).map((row) => ({ slug: row.slug, name: row.name })),
    }),

    async blogPosts(cursor: string | undefined) {
      const after = cursor === undefined ? undefined : (decodeCursor(cursor, ['string'])[0] as string)
      const rows = await repo.blogPosts(after, ADMIN_BLOG_PAGE)
      const page = rows.slice(0, ADMIN_BLOG_PAGE)
      return {
        collection: page.map((row) => ({
          slug: row.slug,
          category: row.categorySlug,
          published_at: row.publishedAt?.toISOString() ?? null,
          title: row.title,
        })),
        next_cursor: rows.length > ADMIN_BLOG_PAGE ? encodeCursor([page.at(-1)!.slug]) : null,
      }
    },

    async blogPost(slug: string) {
      const row = await repo.blogPost(slug)
      if (!row) throw notFound()
      return presentPost(row)
    },

    async createBlogPost(input: BlogPostInput, moderator: Moderator) {
      const row = await repo.createBlogPost({
        slug: input.slug,
        categorySlug: await checkedCategory(input.category),
        publishedAt: publicationDate(input.published, undefined),
        ...textsOf(input),
      })
      if (!row) throw fieldError('slug', 'slug_taken', 'conflict')
      const state = input.published ? 'published' : 'draft'
      await changed(moderator, 'content.blog.create', `blog_post:${row.slug}`, state)
      return presentPost(row)
    },

    async saveBlogPost(slug: string, input: BlogPostInput, moderator: Moderator) {
      const before = await repo.blogPost(slug)
      if (!before) throw notFound()
      const row = await repo.saveBlogPost(slug, {
        slug: input.slug,
        categorySlug: await checkedCategory(input.category),
        publishedAt: publicationDate(input.published, before.publishedAt),
        ...textsOf(input),
      })
      if (row === 'taken') throw fieldError('slug', 'slug_taken', 'conflict')
      if (!row) throw notFound()
      const what = [
        ...(before.slug === row.slug ? [] : [`slug ${before.slug} -> ${row.slug}`]),
        ...(before.categorySlug === row.categorySlug ? [] : [`category ${row.categorySlug}`]),
        ...((before.publishedAt === null) === (row.publishedAt === null)
          ? []
          : [row.publishedAt ? 'published' : 'unpublished']),
        ...changedTexts(textsOf(before), textsOf(row)),
      ]
      await changed(moderator, 'content.blog.save', `blog_post:${row.slug}`, describeChanges(what))
      return presentPost(row)
    },

    async deleteBlogPost(slug: string, moderator: Moderator) {
      if (!(await repo.deleteBlogPost(slug))) throw notFound()
      await changed(moderator, 'content.blog.delete', `blog_post:${slug}`, null)
      return { ok: true as const }
    },

    marquee: async () => ({ collection: await repo.marquee() }),

    async createMarqueeItem(title: LocalizedText, moderator: Moderator) {
      const row = await repo.createMarqueeItem(title, MARQUEE_ITEMS_MAX)
      if (!row) throw new AppError('conflict', 'marquee_full')
      await changed(moderator, 'content.marquee.create', `marquee_item:${row.id}`, null)
      return row
    },

    async saveMarqueeItem(id: number, title: LocalizedText, moderator: Moderator) {
      const before = (await repo.marquee()).find((item) => item.id === id)
      const row = before && (await repo.saveMarqueeItem(id, title))
      if (!before || !row) throw notFound()
      const what = describeChanges(changedTexts({ title: before.title }, { title }))
      await changed(moderator, 'content.marquee.save', `marquee_item:${id}`, what)
      return row
    },

    async deleteMarqueeItem(id: number, moderator: Moderator) {
      if (!(await repo.deleteMarqueeItem(id))) throw notFound()
      await changed(moderator, 'content.marquee.delete', `marquee_item:${id}`, null)
      return { ok: true as const }
    },

    async reorderMarquee(ids: number[], moderator: Moderator) {
      if (!(await repo.reorderMarquee(ids))) throw fieldError('ids', 'reorder_ids_invalid', 'conflict')
      await changed(moderator, 'content.marquee.reorder', 'marquee', ids.join(','))
      return { collection: await repo.marquee() }
    },
  }
}
export type AdminContentService = ReturnType<typeof createAdminContentService>
