import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { inLocale } from '#server/i18n/localized.ts'
import { AppError } from '#server/lib/app-error.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { ContentRepository } from './repository.ts'

const notFound = () => new AppError('not_found', 'not_found')

type PageRow = { slug: string; title: Localized; description: Localized; body: Localized }
const presentPage = (row: PageRow, locale: Locale) => ({
  slug: row.slug,
  title: inLocale(row.title, locale),
  description: inLocale(row.description, locale),
  body: inLocale(row.body, locale),
})

/** The information pages, legal documents and blog: read-only, seeded texts in four languages. */
export async function contentRoutes(app: FastifyInstance, { content }: { content: ContentRepository }) {
  contractRoute(app, endpoints.page, async ({ params, request }) => {
    const row = await content.page('page', params.slug)
    if (!row) throw notFound()
    return presentPage(row, request.locale)
  })

  contractRoute(app, endpoints.legalDocuments, async ({ request }) => ({
    collection: (await content.legalDocuments()).map((row) => {
      const { body: _body, ...brief } = presentPage(row, request.locale)
      return brief
    }),
  }))

  contractRoute(app, endpoints.legalDocument, async ({ params, request }) => {
    const row = await content.page('legal', params.slug)
    if (!row) throw notFound()
    return presentPage(row, request.locale)
  })

  contractRoute(app, endpoints.blogCategories, async ({ request }) => ({
    collection: (await content.blogCategories()).map((row) => ({
      slug: row.slug,
      name: inLocale(row.name, request.locale),
    })),
  }))

  contractRoute(app, endpoints.blogPosts, async ({ query, request }) => {
    const { rows, total } = await content.blogPosts(query)
    return {
      collection: rows.map(({ post, category }) => {
        const { body: _body, ...brief } = presentPage(post, request.locale)
        return {
          ...brief,
          published_at: post.publishedAt!.toISOString(),
          category: { slug: category.slug, name: inLocale(category.name, request.locale) },
        }
      }),
      meta: { page: query.page, perPage: query.perPage, total },
    }
  })

  contractRoute(app, endpoints.blogPost, async ({ params, request }) => {
    const row = await content.blogPost(params.slug)
    if (!row) throw notFound()
    return {
      ...presentPage(row.post, request.locale),
      published_at: row.post.publishedAt!.toISOString(),
      category: { slug: row.category.slug, name: inLocale(row.category.name, request.locale) },
    }
  })
}
