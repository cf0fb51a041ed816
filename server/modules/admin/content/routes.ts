import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { moderatorOf } from '../routes.ts'
import type { AdminContentService } from './service.ts'

/** /api/admin/content: pages and legal documents, the blog and the marquee, for moderators only. */
export async function adminContentRoutes(
  app: FastifyInstance,
  { content }: { content: AdminContentService },
) {
  contractRoute(app, endpoints.adminContentPages, ({ request }) => {
    moderatorOf(request)
    return content.pages()
  })
  contractRoute(app, endpoints.adminContentPage, ({ request, params }) => {
    moderatorOf(request)
    return content.page(params.slug)
  })
  contractRoute(app, endpoints.saveContentPage, ({ request, params, body }) =>
    content.savePage(params.slug, body, moderatorOf(request)),
  )

  contractRoute(app, endpoints.adminBlogCategories, ({ request }) => {
    moderatorOf(request)
    return content.blogCategories()
  })
  contractRoute(app, endpoints.adminBlogPosts, ({ request, query }) => {
    moderatorOf(request)
    return content.blogPosts(query.cursor)
  })
  contractRoute(app, endpoints.adminBlogPost, ({ request, params }) => {
    moderatorOf(request)
    return content.blogPost(params.slug)
  })
  contractRoute(app, endpoints.createBlogPost, async ({ request, body, reply }) => {
    const post = await content.createBlogPost(body, moderatorOf(request))
    reply.status(201)
    return post
  })
  contractRoute(app, endpoints.saveBlogPost, ({ request, params, body }) =>
    content.saveBlogPost(params.slug, body, moderatorOf(request)),
  )
  contractRoute(app, endpoints.deleteBlogPost, ({ request, params }) =>
    content.deleteBlogPost(params.slug, moderatorOf(request)),
  )

  contractRoute(app, endpoints.adminMarquee, ({ request }) => {
    moderatorOf(request)
    return content.marquee()
  })
  contractRoute(app, endpoints.createMarqueeItem, async ({ request, body, reply }) => {
    const item = await content.createMarqueeItem(body.title, moderatorOf(request))
    reply.status(201)
    return item
  })
  contractRoute(app, endpoints.reorderMarquee, ({ request, body }) =>
    content.reorderMarquee(body.ids, moderatorOf(request)),
  )
  contractRoute(app, endpoints.saveMarqueeItem, ({ request, params, body }) =>
    content.saveMarqueeItem(params.id, body.title, moderatorOf(request)),
  )
  contractRoute(app, endpoints.deleteMarqueeItem, ({ request, params }) =>
    content.deleteMarqueeItem(params.id, moderatorOf(request)),
  )
}
