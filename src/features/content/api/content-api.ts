// The first screen's calls only: the order schemas stay out of its chunks.
import { coreEndpoints as endpoints } from '#contract/core-endpoints.ts'
import { api } from '#src/lib/api.ts'
import { savedCall } from '#src/lib/saved-call.ts'

/** Information pages, legal documents and the blog; each kept on the device once read, for offline reading. */
export const contentApi = {
  page: (slug: string) => savedCall(`page:${slug}`, () => api.call(endpoints.page, { params: { slug } })),
  legalDocuments: () => savedCall('legal', async () => (await api.call(endpoints.legalDocuments)).collection),
  legalDocument: (slug: string) =>
    savedCall(`legal:${slug}`, () => api.call(endpoints.legalDocument, { params: { slug } })),
  blogCategories: () =>
    savedCall('blog:categories', async () => (await api.call(endpoints.blogCategories)).collection),
  blogPosts: (category?: string) =>
    savedCall(
      `blog:posts:${category ?? ''}`,
      async () =>
        (await api.call(endpoints.blogPosts, { query: { perPage: '50', ...(category && { category }) } }))
          .collection,
    ),
  blogPost: (slug: string) =>
    savedCall(`blog:post:${slug}`, () => api.call(endpoints.blogPost, { params: { slug } })),
}
