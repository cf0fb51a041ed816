import * as v from 'valibot'
import { PageQuerySchema, perPageQuerySchema } from './bounds.ts'
import { ListMetaSchema } from './catalogue.ts'

const SlugSchema = v.pipe(
  v.string(),
  v.maxLength(200, 'not_found'),
  v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'not_found'),
)
export const SlugParamsSchema = v.object({ slug: SlugSchema })

/** An information page or legal document; `body` is Markdown. */
export const PageSchema = v.object({
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  body: v.string(),
})
export type Page = v.InferOutput<typeof PageSchema>

export const LegalListSchema = v.object({
  collection: v.array(v.object({ slug: v.string(), title: v.string(), description: v.string() })),
})

export const BlogCategorySchema = v.object({ slug: v.string(), name: v.string() })
export const BlogCategoriesSchema = v.object({ collection: v.array(BlogCategorySchema) })

export const BlogPostBriefSchema = v.object({
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  published_at: v.string(),
  category: BlogCategorySchema,
})
export const BlogPostSchema = v.object({ ...BlogPostBriefSchema.entries, body: v.string() })
export type BlogPost = v.InferOutput<typeof BlogPostSchema>

export const BLOG_PER_PAGE_MAX = 50
export const BlogPostsQuerySchema = v.object({
  category: v.optional(SlugSchema),
  page: PageQuerySchema,
  perPage: perPageQuerySchema(BLOG_PER_PAGE_MAX),
})
export const BlogPostsResponseSchema = v.object({
  collection: v.array(BlogPostBriefSchema),
  meta: ListMetaSchema,
})
