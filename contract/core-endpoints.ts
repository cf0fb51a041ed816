import {
  CategoriesQuerySchema,
  CategoriesResponseSchema,
  CategoryParamsSchema,
  CategorySchema,
  CategoryServiceParamsSchema,
  MarqueeResponseSchema,
  ProposeServiceBodySchema,
  ServiceParamsSchema,
  ServiceSchema,
  ServicesQuerySchema,
  ServicesResponseSchema,
  SettingsSchema,
} from './schemas/catalogue.ts'
import {
  BlogCategoriesSchema,
  BlogPostSchema,
  BlogPostsQuerySchema,
  BlogPostsResponseSchema,
  LegalListSchema,
  PageSchema,
  SlugParamsSchema,
} from './schemas/content.ts'
import { DevSmsQuerySchema, DevSmsResponseSchema } from './schemas/dev.ts'
import { HealthResponseSchema } from './schemas/health.ts'
import { API_PREFIX, V1, type Endpoint } from './endpoint.ts'

/** The calls of the first screen: a page imports these without the auth and order schemas. */
export const coreEndpoints = {
  health: {
    method: 'GET',
    path: `${API_PREFIX}/health`,
    summary: 'Liveness and database check',
    tag: 'system',
    response: HealthResponseSchema,
  },
  devSms: {
    method: 'GET',
    path: `${API_PREFIX}/dev/sms`,
    summary: 'Messages the dev SMS adapter kept for a phone, newest first (only while SMS_PROVIDER=dev)',
    tag: 'system',
    query: DevSmsQuerySchema,
    response: DevSmsResponseSchema,
  },
  categories: {
    method: 'GET',
    path: `${V1}/categories`,
    summary:
      'Categories (with=image,priority_services,services; count=services), in the order of the home page',
    tag: 'catalogue',
    query: CategoriesQuerySchema,
    response: CategoriesResponseSchema,
  },
  category: {
    method: 'GET',
    path: `${V1}/categories/{id}`,
    summary: 'One category (by id or slug) with its services and their children',
    tag: 'catalogue',
    params: CategoryParamsSchema,
    response: CategorySchema,
  },
  categoryService: {
    method: 'GET',
    path: `${V1}/categories/{id}/restnew/{slug}`,
    summary:
      'A service by its slug within a category (by id or slug), with its children: the service detail by slug',
    tag: 'catalogue',
    params: CategoryServiceParamsSchema,
    response: ServiceSchema,
  },
  services: {
    method: 'GET',
    path: `${V1}/services`,
    summary:
      'Services: search in any language or script, by category or parent, paged (perPage 10 by default)',
    tag: 'catalogue',
    query: ServicesQuerySchema,
    response: ServicesResponseSchema,
  },
  service: {
    method: 'GET',
    path: `${V1}/services/{id}`,
    summary: 'One service with its category and children',
    tag: 'catalogue',
    params: ServiceParamsSchema,
    response: ServiceSchema,
  },
  proposeService: {
    method: 'POST',
    path: `${V1}/services`,
    summary: 'Propose a service; it waits for moderation and is not public until approved',
    tag: 'catalogue',
    auth: true,
    body: ProposeServiceBodySchema,
    response: ServiceSchema,
  },
  settings: {
    method: 'GET',
    path: `${V1}/settings`,
    summary: 'Public settings: the specialists bot, social links, support contacts',
    tag: 'catalogue',
    response: SettingsSchema,
  },
  marquee: {
    method: 'GET',
    path: `${V1}/marquee`,
    summary: 'Items of the scrolling banner',
    tag: 'catalogue',
    response: MarqueeResponseSchema,
  },
  page: {
    method: 'GET',
    path: `${V1}/pages/{slug}`,
    summary:
      'An information page (about, contact, faq, usage, forcustomers, patent, termsofuse, support); Markdown body',
    tag: 'content',
    params: SlugParamsSchema,
    response: PageSchema,
  },
  legalDocuments: {
    method: 'GET',
    path: `${V1}/legal`,
    summary: 'The legal documents',
    tag: 'content',
    response: LegalListSchema,
  },
  legalDocument: {
    method: 'GET',
    path: `${V1}/legal/{slug}`,
    summary: 'One legal document; Markdown body',
    tag: 'content',
    params: SlugParamsSchema,
    response: PageSchema,
  },
  blogCategories: {
    method: 'GET',
    path: `${V1}/blog/categories`,
    summary: 'Blog categories',
    tag: 'content',
    response: BlogCategoriesSchema,
  },
  blogPosts: {
    method: 'GET',
    path: `${V1}/blog/posts`,
    summary: 'Blog posts, newest first, optionally of one category',
    tag: 'content',
    query: BlogPostsQuerySchema,
    response: BlogPostsResponseSchema,
  },
  blogPost: {
    method: 'GET',
    path: `${V1}/blog/posts/{slug}`,
    summary: 'One blog post; Markdown body',
    tag: 'content',
    params: SlugParamsSchema,
    response: BlogPostSchema,
  },
} as const satisfies Record<string, Endpoint>
