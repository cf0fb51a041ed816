import type * as v from 'valibot'
import {
  LoginBodySchema,
  RefreshResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  SessionResponseSchema,
  SmsCheckQuerySchema,
  SmsCheckResponseSchema,
  SmsSendBodySchema,
  SmsSendResponseSchema,
  SmsVerifyBodySchema,
  SmsVerifyResponseSchema,
  StatusResponseSchema,
} from './schemas/auth.ts'
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
import {
  OrderActionBodySchema,
  OrderActionParamsSchema,
  OrderBodySchema,
  OrderParamsSchema,
  OrderSchema,
  OrdersQuerySchema,
  OrdersResponseSchema,
  OrdersMapQuerySchema,
  OrdersMapResponseSchema,
  RepliesResponseSchema,
  ReplyBodySchema,
  ReplySchema,
  ReviewBodySchema,
  ReviewSchema,
} from './schemas/orders.ts'
import { HealthResponseSchema } from './schemas/health.ts'
import { ProfileIdParamsSchema, ProfileSchema, UpdateProfileBodySchema } from './schemas/profile.ts'

type AnySchema = v.GenericSchema | v.GenericSchemaAsync

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path with `{param}` placeholders, as the spec writes them. */
  path: string
  summary: string
  tag: 'auth' | 'sms' | 'profile' | 'system' | 'catalogue' | 'content' | 'orders'
  /** Needs a valid access token (Authorization: Bearer). */
  auth?: boolean
  params?: AnySchema
  query?: AnySchema
  body?: AnySchema
  response: AnySchema
}

export const API_PREFIX = '/api'
export const PRODUCT = 'freelancer'
export const API_VERSION = 'v1.0.1'
export const V1 = `${API_PREFIX}/fika/${PRODUCT}/${API_VERSION}`
export const SMS = `${API_PREFIX}/fika/${PRODUCT}/sms`
/** The refresh cookie is sent only to these paths (login, refresh, logout). */
export const AUTH_PATH = `${V1}/auth`
export const REFRESH_COOKIE = 'refresh_token'

/** Every HTTP call of the product; nothing else builds URLs. */
export const endpoints = {
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
  smsCheck: {
    method: 'GET',
    path: `${SMS}/check`,
    summary: 'Whether a phone is registered',
    tag: 'sms',
    query: SmsCheckQuerySchema,
    response: SmsCheckResponseSchema,
  },
  smsSend: {
    method: 'POST',
    path: `${SMS}/send`,
    summary: 'Send a 4-digit code to a phone (multipart or JSON)',
    tag: 'sms',
    body: SmsSendBodySchema,
    response: SmsSendResponseSchema,
  },
  smsVerify: {
    method: 'POST',
    path: `${SMS}/verify`,
    summary: 'Check a code against its required_id (multipart or JSON)',
    tag: 'sms',
    body: SmsVerifyBodySchema,
    response: SmsVerifyResponseSchema,
  },
  register: {
    method: 'POST',
    path: `${AUTH_PATH}/register`,
    summary: 'Register with a verified phone; answers like login and sets the refresh cookie',
    tag: 'auth',
    body: RegisterBodySchema,
    response: SessionResponseSchema,
  },
  login: {
    method: 'POST',
    path: `${AUTH_PATH}/login`,
    summary: 'Log in as customer or executor; sets the refresh cookie',
    tag: 'auth',
    body: LoginBodySchema,
    response: SessionResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: `${AUTH_PATH}/password`,
    summary: 'Set a new password with a verified reset code; logs in as customer',
    tag: 'auth',
    body: ResetPasswordBodySchema,
    response: ResetPasswordResponseSchema,
  },
  logout: {
    method: 'GET',
    path: `${AUTH_PATH}/logout`,
    summary: 'Revoke the session of the refresh cookie and clear it',
    tag: 'auth',
    response: StatusResponseSchema,
  },
  refresh: {
    method: 'GET',
    path: `${AUTH_PATH}/refresh`,
    summary: 'Trade the refresh cookie for a new access token (the cookie rotates)',
    tag: 'auth',
    response: RefreshResponseSchema,
  },
  refreshPost: {
    method: 'POST',
    path: `${AUTH_PATH}/refresh`,
    summary: 'Same as GET /auth/refresh',
    tag: 'auth',
    response: RefreshResponseSchema,
  },
  profile: {
    method: 'GET',
    path: `${V1}/profile`,
    summary: "The caller's profile",
    tag: 'profile',
    auth: true,
    response: ProfileSchema,
  },
  updateProfile: {
    method: 'PUT',
    path: `${V1}/profile/{id}`,
    summary: "Change the caller's own profile (for now: the mode, customer or executor)",
    tag: 'profile',
    auth: true,
    params: ProfileIdParamsSchema,
    body: UpdateProfileBodySchema,
    response: ProfileSchema,
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
  orders: {
    method: 'GET',
    path: `${V1}/orders`,
    summary:
      'Orders of a tab (open by default), filtered by service, category or map box (bbox=minLng,minLat,maxLng,maxLat), paged',
    tag: 'orders',
    query: OrdersQuerySchema,
    response: OrdersResponseSchema,
  },
  ordersMap: {
    method: 'GET',
    path: `${V1}/orders/map`,
    summary:
      'Open orders in a map box (bbox=minLng,minLat,maxLng,maxLat) as markers; a crowded part of the box is one area with a count',
    tag: 'orders',
    query: OrdersMapQuerySchema,
    response: OrdersMapResponseSchema,
  },
  order: {
    method: 'GET',
    path: `${V1}/orders/{id}`,
    summary: 'One order; reading it counts a view',
    tag: 'orders',
    params: OrderParamsSchema,
    response: OrderSchema,
  },
  publishOrder: {
    method: 'POST',
    path: `${V1}/orders`,
    summary: 'Publish an order (customers only); an Idempotency-Key replay answers the first order',
    tag: 'orders',
    auth: true,
    body: OrderBodySchema,
    response: OrderSchema,
  },
  updateOrder: {
    method: 'POST',
    path: `${V1}/orders/{id}`,
    summary: 'Change an open or inactive order (its customer only)',
    tag: 'orders',
    auth: true,
    params: OrderParamsSchema,
    body: OrderBodySchema,
    response: OrderSchema,
  },
  deleteOrder: {
    method: 'DELETE',
    path: `${V1}/orders/{id}`,
    summary: 'Move an order to the archive (its customer only)',
    tag: 'orders',
    auth: true,
    params: OrderParamsSchema,
    response: OrderSchema,
  },
  orderAction: {
    method: 'POST',
    path: `${V1}/orders/{id}/actions/{action}`,
    summary: 'choose (executor_id), accept, decline, complete, cancel, toggle-replies (docs/decisions/005)',
    tag: 'orders',
    auth: true,
    params: OrderActionParamsSchema,
    body: OrderActionBodySchema,
    response: OrderSchema,
  },
  orderReplies: {
    method: 'GET',
    path: `${V1}/orders/{id}/replies`,
    summary: 'Replies to an order',
    tag: 'orders',
    params: OrderParamsSchema,
    response: RepliesResponseSchema,
  },
  reply: {
    method: 'POST',
    path: `${V1}/orders/{id}/replies`,
    summary:
      'Reply to an open order (executors, once per order); an Idempotency-Key replay answers the first reply',
    tag: 'orders',
    auth: true,
    params: OrderParamsSchema,
    body: ReplyBodySchema,
    response: ReplySchema,
  },
  orderPhotos: {
    method: 'POST',
    path: `${V1}/orders/{id}/photos`,
    summary:
      'Add a photo to an order (multipart field `file`, at most 10 MB, JPEG, PNG, WebP or HEIC, re-encoded without EXIF/GPS)',
    tag: 'orders',
    auth: true,
    params: OrderParamsSchema,
    response: OrderSchema,
  },
  profileOrders: {
    method: 'GET',
    path: `${V1}/profile/{id}/orders`,
    summary: "A user's orders as customer (the open ones, or another tab)",
    tag: 'orders',
    params: OrderParamsSchema,
    query: OrdersQuerySchema,
    response: OrdersResponseSchema,
  },
  review: {
    method: 'POST',
    path: `${V1}/orders/{id}/review`,
    summary: 'Review the executor of a completed order (its customer, once)',
    tag: 'orders',
    auth: true,
    params: OrderParamsSchema,
    body: ReviewBodySchema,
    response: ReviewSchema,
  },
} as const satisfies Record<string, Endpoint>

/** Fills `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
