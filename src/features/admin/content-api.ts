import { adminContentEndpoints as endpoints } from '#contract/moderation-content-endpoints.ts'
import type { SaveBlogPostBody, SaveMarqueeItemBody, SavePageBody } from '#contract/schemas/admin-content.ts'
import { api } from '#src/lib/api.ts'

/** The content editor's API (contract/moderation-content-endpoints.ts): 403 to anyone but a moderator. */
export const contentApi = {
  pages: () => api.call(endpoints.adminContentPages),
  page: (slug: string) => api.call(endpoints.adminContentPage, { params: { slug } }),
  savePage: (slug: string, body: SavePageBody) =>
    api.call(endpoints.saveContentPage, { params: { slug }, body }),

  blogCategories: () => api.call(endpoints.adminBlogCategories),
  blogPosts: (cursor?: string) =>
    api.call(endpoints.adminBlogPosts, { query: cursor === undefined ? {} : { cursor } }),
  blogPost: (slug: string) => api.call(endpoints.adminBlogPost, { params: { slug } }),
  createBlogPost: (body: SaveBlogPostBody) => api.call(endpoints.createBlogPost, { body }),
  saveBlogPost: (slug: string, body: SaveBlogPostBody) =>
    api.call(endpoints.saveBlogPost, { params: { slug }, body }),
  deleteBlogPost: (slug: string) => api.call(endpoints.deleteBlogPost, { params: { slug } }),

  marquee: () => api.call(endpoints.adminMarquee),
  createMarqueeItem: (body: SaveMarqueeItemBody) => api.call(endpoints.createMarqueeItem, { body }),
  saveMarqueeItem: (id: number, body: SaveMarqueeItemBody) =>
    api.call(endpoints.saveMarqueeItem, { params: { id }, body }),
  deleteMarqueeItem: (id: number) => api.call(endpoints.deleteMarqueeItem, { params: { id } }),
  reorderMarquee: (ids: number[]) => api.call(endpoints.reorderMarquee, { body: { ids } }),
}
