import * as v from 'valibot'
import { IdParamSchema, IdValueSchema } from './bounds.ts'

/*
 * The moderators' content editor (issue 35): the information pages and legal documents, the blog and the marquee,
 * each text in the four languages. Bodies are Markdown, stored as written: the web app renders them without raw
 * HTML (src/components/markdown.tsx), so what a moderator types can never become markup on a public page.
 */

export const CONTENT_TITLE_MAX = 200
export const CONTENT_DESCRIPTION_MAX = 500
/** About 25 printed pages: the longest legal document is a fifth of it. */
export const CONTENT_BODY_MAX = 50_000
export const MARQUEE_TEXT_MAX = 200
/** The strip scrolls past in a few seconds; more items than this are never read. */
export const MARQUEE_ITEMS_MAX = 50
export const BLOG_SLUG_MAX = 100
/** Posts per page of the console's list. */
export const ADMIN_BLOG_PAGE = 50

export const CONTENT_LOCALES = ['ru', 'en', 'oz', 'uz'] as const
export type ContentLocale = (typeof CONTENT_LOCALES)[number]

type TooLong = 'content_title_max' | 'content_description_max' | 'content_body_max' | 'marquee_text_max'
type Required = 'title_required' | 'marquee_text_required'

/**
 * One text in the four languages. Russian, the default language, is what another language shows while it is
 * left empty, so only Russian can be required; a language left out is empty.
 */
const localized = (max: number, tooLong: TooLong, required?: Required) => {
  const text = v.pipe(v.string(tooLong), v.trim(), v.maxLength(max, tooLong))
  const optional = v.optional(text, '')
  return v.object(
    {
      ru: required
        ? v.pipe(v.string(required), v.trim(), v.minLength(1, required), v.maxLength(max, tooLong))
        : optional,
      en: optional,
      oz: optional,
      uz: optional,
    },
    required ?? 'invalid_request',
  )
}

export const LocalizedSchema = v.object({ ru: v.string(), en: v.string(), oz: v.string(), uz: v.string() })
export type LocalizedText = v.InferOutput<typeof LocalizedSchema>

const ContentTextsEntries = {
  title: localized(CONTENT_TITLE_MAX, 'content_title_max', 'title_required'),
  description: localized(CONTENT_DESCRIPTION_MAX, 'content_description_max'),
  body: localized(CONTENT_BODY_MAX, 'content_body_max'),
}

// ---------------------------------------------------------------- pages and legal documents

const PageSlugSchema = v.pipe(
  v.string(),
  v.maxLength(200, 'not_found'),
  v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'not_found'),
)
export const ContentPageParamsSchema = v.object({ slug: PageSlugSchema })

export const AdminPageSchema = v.object({
  slug: v.string(),
  kind: v.picklist(['page', 'legal']),
  title: LocalizedSchema,
  description: LocalizedSchema,
  body: LocalizedSchema,
})
export type AdminPage = v.InferOutput<typeof AdminPageSchema>

/** Every page and legal document: a short list the site's own routes fix (no one adds pages here). */
export const AdminPagesSchema = v.object({
  collection: v.array(
    v.object({ slug: v.string(), kind: v.picklist(['page', 'legal']), title: LocalizedSchema }),
  ),
})

export const SavePageBodySchema = v.object(ContentTextsEntries)
export type SavePageBody = v.InferInput<typeof SavePageBodySchema>

// ---------------------------------------------------------------- the blog

/** A post's address: `/blog/{slug}`, lower-case Latin letters and digits in words joined by hyphens. */
export const BlogSlugSchema = v.pipe(
  v.string('slug_invalid'),
  v.trim(),
  v.maxLength(BLOG_SLUG_MAX, 'slug_invalid'),
  v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'slug_invalid'),
  v.regex(/[a-z]/, 'slug_invalid'),
)
export const BlogPostParamsSchema = v.object({ slug: PageSlugSchema })

export const SaveBlogPostBodySchema = v.object({
  slug: BlogSlugSchema,
  category: v.pipe(v.string('category_required'), v.maxLength(200, 'category_not_found')),
  /** A draft is seen here only; publishing dates the post now, and it keeps its date until unpublished. */
  published: v.boolean('invalid_request'),
  ...ContentTextsEntries,
})
export type SaveBlogPostBody = v.InferInput<typeof SaveBlogPostBodySchema>

export const AdminBlogPostSchema = v.object({
  slug: v.string(),
  category: v.string(),
  published_at: v.nullable(v.string()),
  title: LocalizedSchema,
  description: LocalizedSchema,
  body: LocalizedSchema,
})
export type AdminBlogPost = v.InferOutput<typeof AdminBlogPostSchema>

export const AdminBlogPostsQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(300, 'cursor_invalid'))),
})
export const AdminBlogPostsSchema = v.object({
  collection: v.array(
    v.object({
      slug: v.string(),
      category: v.string(),
      published_at: v.nullable(v.string()),
      title: LocalizedSchema,
    }),
  ),
  next_cursor: v.nullable(v.string()),
})

export const AdminBlogCategoriesSchema = v.object({
  collection: v.array(v.object({ slug: v.string(), name: LocalizedSchema })),
})

// ---------------------------------------------------------------- the marquee

export const MarqueeItemParamsSchema = v.object({ id: IdParamSchema })
export const AdminMarqueeItemSchema = v.object({ id: v.number(), title: LocalizedSchema })
export type AdminMarqueeItem = v.InferOutput<typeof AdminMarqueeItemSchema>
export const AdminMarqueeSchema = v.object({ collection: v.array(AdminMarqueeItemSchema) })
export const SaveMarqueeItemBodySchema = v.object({
  title: localized(MARQUEE_TEXT_MAX, 'marquee_text_max', 'marquee_text_required'),
})
export type SaveMarqueeItemBody = v.InferInput<typeof SaveMarqueeItemBodySchema>
/** The items' ids in their new order: every item once. */
export const ReorderMarqueeBodySchema = v.object({
  ids: v.pipe(
    v.array(IdValueSchema, 'reorder_ids_invalid'),
    v.maxLength(MARQUEE_ITEMS_MAX, 'reorder_ids_invalid'),
  ),
})

export const DeletedSchema = v.object({ ok: v.literal(true) })
