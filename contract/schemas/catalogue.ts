import * as v from 'valibot'
import {
  IdParamSchema,
  IdQuerySchema,
  IdValueSchema,
  MAX_ID,
  PageQuerySchema,
  perPageQuerySchema,
} from './bounds.ts'

export const SERVICES_PER_PAGE = 10
export const MAX_PER_PAGE = 100
export const PRIORITY_SERVICES_ON_CARD = 3
export const SERVICE_NAME_MAX = 60
export const SEARCH_MAX = 100

/** `with` and `count` take comma-separated lists, as the spec's calls send them. */
const listOf = <T extends string>(options: readonly T[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
      v.check((items) => items.every((item) => options.includes(item as T)), 'invalid_request'),
      v.transform((items) => items as T[]),
    ),
    '',
  )

/** A category or service named by its id or by its slug; an id past the range of ids names nothing. */
const IdOrSlugSchema = v.pipe(
  v.string(),
  v.maxLength(100, 'not_found'),
  v.regex(/^([0-9]+|[a-z0-9]+(-[a-z0-9]+)*)$/, 'not_found'),
  v.check((value) => !/^\d+$/.test(value) || (Number(value) >= 1 && Number(value) <= MAX_ID), 'not_found'),
)

export const ServiceBriefSchema = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  children_count: v.optional(v.number()),
})

export const ServiceSchema = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  description: v.nullable(v.string()),
  parent: v.nullable(v.number()),
  /** The parent's slug, so a client can build the order route of a sub-service. */
  parent_slug: v.nullable(v.string()),
  status: v.picklist(['approved', 'pending']),
  category: v.object({ id: v.number(), slug: v.string(), name: v.string() }),
  children_count: v.optional(v.number()),
  children: v.optional(v.array(ServiceBriefSchema)),
})
export type Service = v.InferOutput<typeof ServiceSchema>

export const CategorySchema = v.object({
  id: v.number(),
  name: v.string(),
  slug: v.string(),
  subtitle: v.string(),
  image: v.optional(v.nullable(v.object({ path: v.string() }))),
  priority_services: v.optional(v.array(ServiceBriefSchema)),
  services_count: v.optional(v.number()),
  services: v.optional(v.array(ServiceSchema)),
})
export type Category = v.InferOutput<typeof CategorySchema>

export const ListMetaSchema = v.object({ page: v.number(), perPage: v.number(), total: v.number() })

export const CategoriesQuerySchema = v.object({
  with: listOf(['image', 'priority_services', 'services'] as const),
  count: listOf(['services'] as const),
})
export const CategoriesResponseSchema = v.object({ collection: v.array(CategorySchema) })
export const CategoryParamsSchema = v.object({ id: IdOrSlugSchema })
export const CategoryServiceParamsSchema = v.object({ id: IdOrSlugSchema, slug: IdOrSlugSchema })

export const ServicesQuerySchema = v.object({
  with: listOf(['category', 'children'] as const),
  count: listOf(['children'] as const),
  category: v.optional(IdOrSlugSchema),
  parent: v.optional(IdQuerySchema),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX, 'search_too_long'))),
  page: PageQuerySchema,
  perPage: perPageQuerySchema(MAX_PER_PAGE, SERVICES_PER_PAGE),
})
export type ServicesQuery = v.InferOutput<typeof ServicesQuerySchema>
export const ServicesResponseSchema = v.object({ collection: v.array(ServiceSchema), meta: ListMetaSchema })
export const ServiceParamsSchema = v.object({ id: IdParamSchema })

/** A service a user proposes; it waits for moderation. */
export const ProposeServiceBodySchema = v.object({
  name: v.pipe(
    v.string('service_name_required'),
    v.trim(),
    v.minLength(2, 'service_name_required'),
    v.maxLength(SERVICE_NAME_MAX, 'service_name_max'),
  ),
  category: v.pipe(
    v.union([v.number(), v.string()], 'category_required'),
    v.transform(String),
    v.maxLength(100, 'category_not_found'),
    v.regex(/^([0-9]+|[a-z0-9]+(-[a-z0-9]+)*)$/, 'category_not_found'),
    v.check(
      (value) => !/^\d+$/.test(value) || (Number(value) >= 1 && Number(value) <= MAX_ID),
      'category_not_found',
    ),
  ),
  parent: v.optional(
    v.nullable(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'id_invalid'))], 'id_invalid'),
        v.transform(Number),
        IdValueSchema,
      ),
    ),
  ),
})
export type ProposeServiceBody = v.InferOutput<typeof ProposeServiceBodySchema>

export const SettingsSchema = v.object({
  bot_url: v.string(),
  telegram_url: v.string(),
  instagram_url: v.string(),
  facebook_url: v.string(),
  youtube_url: v.string(),
  support_email: v.string(),
  support_phone: v.string(),
  /** The map's tile style (a MapLibre style URL); empty: the app's bundled style that needs no network. */
  map_style_url: v.optional(v.string(), ''),
})
export type Settings = v.InferOutput<typeof SettingsSchema>

export const MarqueeResponseSchema = v.object({
  collection: v.array(v.object({ id: v.number(), title: v.string() })),
})
