import * as v from 'valibot'
import { IdParamSchema } from './bounds.ts'

export const USER_TYPES = ['customer', 'executor'] as const
export type UserType = (typeof USER_TYPES)[number]

export const GENDERS = ['male', 'female', 'not_specified'] as const

/** 0 not verified, 1 verified, 2 under review, 3 denied (spec section 4). */
export const VERIFICATION = { none: 0, verified: 1, review: 2, denied: 3 } as const

/**
 * Where the profile's e-mail address stands (docs/decisions/027-email.md): none given, given but its link not yet
 * followed, verified (mail goes there), or bounced (its server refused a mail for good; nothing goes there).
 */
export const EMAIL_STATUSES = ['none', 'unverified', 'verified', 'bounced'] as const
export type EmailStatus = (typeof EMAIL_STATUSES)[number]

/** Every profile field of spec section 3; fields later features fill start empty. */
export const ProfileSchema = v.object({
  id: v.number(),
  slug: v.string(),
  type: v.picklist(USER_TYPES),
  name: v.string(),
  surname: v.string(),
  patronymic: v.nullable(v.string()),
  username: v.string(),
  email: v.nullable(v.string()),
  avatar: v.nullable(v.string()),
  avatar_thumb: v.nullable(v.string()),
  photo: v.nullable(v.string()),
  birthday: v.nullable(v.string()),
  gender: v.picklist(GENDERS),
  address: v.nullable(v.string()),
  languages: v.array(v.string()),
  rating: v.number(),
  reviews_count: v.number(),
  is_online: v.boolean(),
  last_seen_at: v.nullable(v.string()),
  verification: v.number(),
  accepts_orders: v.boolean(),
  looking_for_internship: v.boolean(),
  works_remotely: v.boolean(),
  accepts_at_own_place: v.boolean(),
  telegram_id: v.nullable(v.string()),
  telegram_notifications: v.boolean(),
  email_notifications: v.boolean(),
  /** A specialist's saved reply, which the bot's "Reply" under a new order sends; private like `address`. */
  reply_template: v.nullable(v.string()),
  /** Staff roles (docs/operations.md): a moderator's app offers the moderation console. */
  role: v.picklist(['user', 'support', 'moderator']),
  email_status: v.picklist(EMAIL_STATUSES),
  discount_percent: v.number(),
  discount_text: v.nullable(v.string()),
  /** Free text of the "about" section, public. */
  about: v.nullable(v.string()),
  /** The districts where the specialist works (ids of `GET /districts`), public. */
  district_ids: v.array(v.number()),
  /** Places where the specialist receives clients, public. */
  work_addresses: v.array(v.string()),
  created_at: v.string(),
})
export type Profile = v.InferOutput<typeof ProfileSchema>

export const ProfileIdParamsSchema = v.object({ id: IdParamSchema })
