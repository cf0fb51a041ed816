import * as v from 'valibot'
import {
  CursorQuerySchema,
  IdParamSchema,
  IdQuerySchema,
  IdValueSchema,
  MoneyQuerySchema,
  MoneyValueSchema,
  PageQuerySchema,
  perPageQuerySchema,
} from './bounds.ts'
import { ListMetaSchema, MAX_PER_PAGE } from './catalogue.ts'
import { NewPasswordSchema, PASSWORD_MAX, PasswordConfirmationSchema } from './auth.ts'
import { NextCursorSchema, withinNumberedPages } from './list-keyset.ts'
import { REPLY_MIN, TEXT_MAX } from './orders.ts'
import { GENDERS, USER_TYPES } from './profile.ts'

/**
 * The specialist side (issue 10): the profile editor's sections, public profiles, specialties and prices,
 * documents, portfolio, calendar, the specialists list and reviews. The spec names the speciality calls without
 * their shapes; docs/decisions/009-specialist-profiles.md says how they are read here.
 */

export const ABOUT_MAX = 3000
export const TITLE_MAX = 120
export const DESCRIPTION_MAX = 2000
export const DISCOUNT_TEXT_MAX = 300
export const ADDRESSES_MAX = 5
export const DISTRICTS_MAX = 60
export const LANGUAGES_MAX = 10
export const FILES_PER_ITEM_MAX = 10
export const DOCUMENTS_MAX = 30
export const WORKS_MAX = 50
export const EVENTS_PER_PAGE_MAX = 200
/** The longest range one calendar read covers. */
export const CALENDAR_RANGE_DAYS_MAX = 62
/** How many weeks the statistics chart shows. */
export const STATISTICS_WEEKS = 12
/** How many of the latest reviews a public profile shows before the link to all of them. */
export const LATEST_REVIEWS = 3

const text = (max: number) => v.pipe(v.string('text_too_long'), v.trim(), v.maxLength(max, 'text_too_long'))
const optionalText = (max: number) => v.optional(v.nullable(text(max)))
const Moment = v.pipe(v.string('date_invalid'), v.isoTimestamp('date_invalid'))
const Day = v.pipe(v.string('date_invalid'), v.isoDate('date_invalid'))

// ---------------------------------------------------------------- regions and districts

export const DistrictSchema = v.object({
  id: v.number(),
  name: v.string(),
  region_id: v.number(),
  /** The district's centre, to a few kilometres (GET /districts only): where the order's map opens. */
  lat: v.optional(v.number()),
  lng: v.optional(v.number()),
})
export type District = v.InferOutput<typeof DistrictSchema>
export const RegionSchema = v.object({ id: v.number(), name: v.string(), districts: v.array(DistrictSchema) })
export type Region = v.InferOutput<typeof RegionSchema>
/** All 14 regions with their districts and cities, in the caller's language: a fixed reference list, not paged. */
export const RegionsResponseSchema = v.object({ collection: v.array(RegionSchema) })

// ---------------------------------------------------------------- the own profile

/** What the caller may change of their own profile, section by section; every field is optional. */
export const UpdateProfileBodySchema = v.object({
  type: v.optional(v.picklist(USER_TYPES, 'type_required')),
  name: v.optional(
    v.pipe(v.string('name_required'), v.trim(), v.minLength(1, 'name_required'), v.maxLength(25, 'name_max')),
  ),
  surname: v.optional(
    v.pipe(
      v.string('surname_required'),
      v.trim(),
      v.minLength(1, 'surname_required'),
      v.maxLength(25, 'surname_max'),
    ),
  ),
  patronymic: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(25, 'patronymic_max')))),
  email: v.optional(
    v.nullable(
      v.pipe(
        v.string('email_invalid'),
        v.trim(),
        v.maxLength(254, 'email_invalid'),
        v.email('email_invalid'),
      ),
    ),
  ),
  birthday: v.optional(v.nullable(Day)),
  gender: v.optional(v.picklist(GENDERS, 'invalid_request')),
  /** Residence address: private, never on the public profile. */
  address: optionalText(300),
  languages: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.maxLength(40, 'text_too_long'))),
      v.maxLength(LANGUAGES_MAX, 'invalid_request'),
    ),
  ),
  accepts_orders: v.optional(v.boolean('invalid_request')),
  looking_for_internship: v.optional(v.boolean('invalid_request')),
  works_remotely: v.optional(v.boolean('invalid_request')),
  accepts_at_own_place: v.optional(v.boolean('invalid_request')),
  about: optionalText(ABOUT_MAX),
  /** The districts where the specialist works (ids of `GET /districts`). */
  district_ids: v.optional(v.pipe(v.array(IdValueSchema), v.maxLength(DISTRICTS_MAX, 'invalid_request'))),
  /** Places where the specialist receives clients, public. */
  work_addresses: v.optional(v.pipe(v.array(text(300)), v.maxLength(ADDRESSES_MAX, 'invalid_request'))),
  discount_percent: v.optional(
    v.pipe(
      v.number('discount_invalid'),
      v.integer('discount_invalid'),
      v.minValue(0, 'discount_invalid'),
      v.maxValue(100, 'discount_invalid'),
    ),
  ),
  discount_text: optionalText(DISCOUNT_TEXT_MAX),
  telegram_notifications: v.optional(v.boolean('invalid_request')),
  email_notifications: v.optional(v.boolean('invalid_request')),
  /** Empty clears it; otherwise it must make a valid reply (`ReplyBodySchema`). */
  reply_template: v.optional(
    v.nullable(
      v.pipe(
        v.string('invalid_request'),
        v.trim(),
        v.maxLength(TEXT_MAX, 'text_max'),
        v.check((text) => text === '' || text.length >= REPLY_MIN, 'reply_too_short'),
      ),
    ),
  ),
})
export type UpdateProfileBody = v.InferOutput<typeof UpdateProfileBodySchema>

export const ProfileWithSchema = v.object({
  /** Comma-separated: districts, specialities. */
  with: v.optional(v.pipe(v.string(), v.maxLength(100, 'invalid_request'))),
})

/** The new password follows the registration rules and is typed twice; the current one proves it is the owner. */
export const ChangePasswordBodySchema = v.pipe(
  v.object({
    current_password: v.pipe(
      v.string('password_required'),
      v.minLength(1, 'password_required'),
      v.maxLength(PASSWORD_MAX, 'password_max'),
    ),
    password: NewPasswordSchema,
    password_confirmation: PasswordConfirmationSchema,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      'confirm_sameAsPassword',
    ),
    ['password_confirmation'],
  ),
)
export const DeleteAccountBodySchema = v.object({
  password: v.pipe(
    v.string('password_required'),
    v.minLength(1, 'password_required'),
    v.maxLength(128, 'password_max'),
  ),
})

// ---------------------------------------------------------------- specialties

export const SpecialityServiceSchema = v.object({
  /** The line's own id (what `PUT /speciality/status/{id}/speciality` switches). */
  id: v.number(),
  service: v.object({ id: v.number(), name: v.string(), slug: v.string() }),
  /** Tiyin; null: not given. */
  price_from: v.nullable(v.number()),
  price_to: v.nullable(v.number()),
  active: v.boolean(),
})
/** A specialist's specialty in one category (the spec's "speciality record"), with its services and prices. */
export const SpecialitySchema = v.object({
  id: v.number(),
  user_id: v.number(),
  category: v.object({ id: v.number(), name: v.string(), slug: v.string() }),
  active: v.boolean(),
  services: v.array(SpecialityServiceSchema),
})
export type Speciality = v.InferOutput<typeof SpecialitySchema>
export const SpecialitiesResponseSchema = v.object({ collection: v.array(SpecialitySchema) })

const SpecialityServiceBodySchema = v.pipe(
  v.object({
    service: IdValueSchema,
    price_from: v.optional(v.nullable(MoneyValueSchema), null),
    price_to: v.optional(v.nullable(MoneyValueSchema), null),
    active: v.optional(v.boolean('invalid_request'), true),
  }),
  v.forward(
    v.partialCheck(
      [['price_from'], ['price_to']],
      (line) => line.price_from == null || line.price_to == null || line.price_to >= line.price_from,
      'price_max_below_min',
    ),
    ['price_to'],
  ),
)
/** `POST /speciality/{userId}/all`: a category and its services with prices; adding a category twice merges. */
export const SpecialityBodySchema = v.object({
  category: IdValueSchema,
  services: v.pipe(
    v.array(SpecialityServiceBodySchema, 'services_required'),
    v.minLength(1, 'services_required'),
    v.maxLength(100, 'services_too_many'),
  ),
})
/** `POST /speciality/update/{id}/one`: the services and prices of one specialty, replacing the old list. */
export const SpecialityUpdateBodySchema = v.object({ services: SpecialityBodySchema.entries.services })
export const ActiveBodySchema = v.object({ active: v.boolean('invalid_request') })
export const SpecialityParamsSchema = v.object({ id: IdParamSchema })
export const SpecialityCategoryParamsSchema = v.object({ userId: IdParamSchema, id: IdParamSchema })
export const UserParamsSchema = v.object({ userId: IdParamSchema })

// ---------------------------------------------------------------- documents and portfolio

/** A certificate or diploma: name, description and its files (images, re-encoded like order photos). */
export const DocumentSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.nullable(v.string()),
  files: v.array(v.string()),
  position: v.number(),
})
export type ProfileDocument = v.InferOutput<typeof DocumentSchema>
export const DocumentBodySchema = v.object({
  name: v.pipe(
    v.string('title_required'),
    v.trim(),
    v.minLength(2, 'title_required'),
    v.maxLength(TITLE_MAX, 'title_max'),
  ),
  description: optionalText(DESCRIPTION_MAX),
})

/** A work of the portfolio: title, description and photos. */
export const WorkSchema = v.object({
  id: v.number(),
  title: v.string(),
  description: v.nullable(v.string()),
  photos: v.array(v.string()),
  position: v.number(),
})
export type PortfolioWork = v.InferOutput<typeof WorkSchema>
export const WorkBodySchema = v.object({
  title: v.pipe(
    v.string('title_required'),
    v.trim(),
    v.minLength(2, 'title_required'),
    v.maxLength(TITLE_MAX, 'title_max'),
  ),
  description: optionalText(DESCRIPTION_MAX),
})

export const ItemParamsSchema = v.object({ id: IdParamSchema })
export const ItemFileParamsSchema = v.object({
  id: IdParamSchema,
  /** The file's position in the item's list, from 0. */
  index: v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'not_found'), v.transform(Number)),
})
/** The new order of the caller's documents or works: every id once. */
export const ReorderBodySchema = v.object({
  ids: v.pipe(
    v.array(IdValueSchema),
    v.minLength(1, 'invalid_request'),
    v.maxLength(WORKS_MAX, 'invalid_request'),
  ),
})
export const DocumentsResponseSchema = v.object({ collection: v.array(DocumentSchema), meta: ListMetaSchema })
export const WorksResponseSchema = v.object({ collection: v.array(WorkSchema), meta: ListMetaSchema })
export const PageQuerySchemaOf = (max: number) =>
  v.object({ page: PageQuerySchema, perPage: perPageQuerySchema(max, max) })

// ---------------------------------------------------------------- calendar

export const CalendarEventSchema = v.object({
  id: v.number(),
  title: v.string(),
  started_at: v.string(),
  ended_at: v.string(),
  /** `weekly`: repeats every week at the same time; `once`: the spec's period. */
  period: v.picklist(['once', 'weekly']),
})
export type CalendarEvent = v.InferOutput<typeof CalendarEventSchema>
export const CalendarEventBodySchema = v.pipe(
  v.object({
    title: v.pipe(
      v.string('title_required'),
      v.trim(),
      v.minLength(1, 'title_required'),
      v.maxLength(TITLE_MAX, 'title_max'),
    ),
    started_at: Moment,
    ended_at: Moment,
    period: v.optional(v.picklist(['once', 'weekly'], 'invalid_request'), 'once'),
  }),
  v.forward(
    v.partialCheck(
      [['started_at'], ['ended_at']],
      (event) => new Date(event.ended_at) > new Date(event.started_at),
      'end_before_start',
    ),
    ['ended_at'],
  ),
)
/** A time a specialist is busy, as anyone sees it: no title. */
export const BusySlotSchema = v.object({ started_at: v.string(), ended_at: v.string() })
export const CalendarQuerySchema = v.object({ from: Day, to: Day })
/** The owner gets the events (weekly ones repeated within the range); anyone else only the busy times. */
export const CalendarResponseSchema = v.object({
  collection: v.array(CalendarEventSchema),
  busy: v.array(BusySlotSchema),
})

// ---------------------------------------------------------------- reviews and statistics

export const UserReviewSchema = v.object({
  id: v.number(),
  order_id: v.number(),
  rating: v.number(),
  comment: v.string(),
  created_at: v.string(),
  /** The customer's first name and the initial of the surname. */
  author: v.string(),
  service: v.nullable(v.object({ id: v.number(), name: v.string() })),
})
export type UserReview = v.InferOutput<typeof UserReviewSchema>
/** A user's reviews page by `cursor` past the first pages (newest first). */
export const UserReviewsQuerySchema = v.pipe(
  v.object({ page: PageQuerySchema, perPage: perPageQuerySchema(50, 50), cursor: CursorQuerySchema }),
  v.forward(v.partialCheck([['page'], ['cursor']], withinNumberedPages, 'page_needs_cursor'), ['page']),
)
/** The meta of a keyset list: `total` is a maintained counter or capped, `next_cursor` continues the list. */
export const KeysetListMetaSchema = v.object({ ...ListMetaSchema.entries, next_cursor: NextCursorSchema })
export const UserReviewsResponseSchema = v.object({
  collection: v.array(UserReviewSchema),
  meta: KeysetListMetaSchema,
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  breakdown: v.object({ 1: v.number(), 2: v.number(), 3: v.number(), 4: v.number(), 5: v.number() }),
  rating: v.number(),
  reviews_count: v.number(),
})

export const StatisticsWeekSchema = v.object({
  /** Monday of the week, YYYY-MM-DD (Tashkent). */
  week: v.string(),
  views: v.number(),
  replies: v.number(),
  chosen: v.number(),
  completed: v.number(),
  reviews: v.number(),
  /** The average of that week's reviews; null with none. */
  rating: v.nullable(v.number()),
})
export const StatisticsResponseSchema = v.object({ weeks: v.array(StatisticsWeekSchema) })

// ---------------------------------------------------------------- public profile and the specialists list

export const PublicProfileSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  surname: v.string(),
  avatar: v.nullable(v.string()),
  avatar_thumb: v.nullable(v.string()),
  rating: v.number(),
  reviews_count: v.number(),
  is_online: v.boolean(),
  last_seen_at: v.nullable(v.string()),
  verification: v.number(),
  about: v.nullable(v.string()),
  languages: v.array(v.string()),
  accepts_orders: v.boolean(),
  works_remotely: v.boolean(),
  accepts_at_own_place: v.boolean(),
  looking_for_internship: v.boolean(),
  discount_percent: v.number(),
  discount_text: v.nullable(v.string()),
  districts: v.array(DistrictSchema),
  work_addresses: v.array(v.string()),
  specialities: v.array(SpecialitySchema),
  documents: v.array(DocumentSchema),
  works: v.array(WorkSchema),
  latest_reviews: v.array(UserReviewSchema),
  created_at: v.string(),
})
export type PublicProfile = v.InferOutput<typeof PublicProfileSchema>
/** A public profile is named by its slug or by the user's id. */
export const PublicProfileParamsSchema = v.object({
  slug: v.pipe(v.string(), v.maxLength(120, 'not_found'), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'not_found')),
})

export const EXECUTOR_SORTS = ['rating', 'reviews', 'price'] as const
export const ExecutorsQuerySchema = v.pipe(
  v.object({
    category: v.optional(IdQuerySchema),
    service: v.optional(IdQuerySchema),
    district: v.optional(IdQuerySchema),
    verified: v.optional(v.picklist(['0', '1'], 'invalid_request')),
    rating_min: v.optional(
      v.pipe(v.string(), v.regex(/^[0-5](\.\d)?$/, 'invalid_request'), v.transform(Number)),
    ),
    price_from: v.optional(MoneyQuerySchema),
    price_to: v.optional(MoneyQuerySchema),
    search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'search_too_long'))),
    sort: v.optional(v.picklist(EXECUTOR_SORTS, 'invalid_request'), 'rating'),
    page: PageQuerySchema,
    perPage: perPageQuerySchema(MAX_PER_PAGE),
    /** Where the next page starts (`meta.next_cursor` of the page before); a cursor of another sort is refused. */
    cursor: CursorQuerySchema,
  }),
  v.forward(v.partialCheck([['page'], ['cursor']], withinNumberedPages, 'page_needs_cursor'), ['page']),
)
export const ExecutorCardSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  surname: v.string(),
  avatar_thumb: v.nullable(v.string()),
  rating: v.number(),
  reviews_count: v.number(),
  verification: v.number(),
  is_online: v.boolean(),
  discount_percent: v.number(),
  districts: v.array(v.string()),
  /** The active services that match the filter (all active ones without a filter), with their prices. */
  services: v.array(SpecialityServiceSchema),
})
export type ExecutorCard = v.InferOutput<typeof ExecutorCardSchema>
export const ExecutorsResponseSchema = v.object({
  collection: v.array(ExecutorCardSchema),
  /**
   * On the first page only: up to 3 promoted specialists who match the same filters, shown above the list and
   * marked as promoted (docs/decisions/016-plan-features.md); they may appear in the list too.
   */
  promoted: v.array(ExecutorCardSchema),
  /** `total` is counted up to 10,000 (endless scrolling needs no more). */
  meta: KeysetListMetaSchema,
})

export const StatusResponseSchema = v.object({ status: v.boolean() })
export const UserIdParamsSchema = v.object({ id: IdParamSchema })
