import * as v from 'valibot'
import { IdParamSchema, IdQuerySchema, IdValueSchema } from './bounds.ts'
import { SERVICE_NAME_MAX } from './catalogue.ts'

/**
 * The moderation console's proposed services and reviews (docs/decisions/030-proposed-services-and-hidden-reviews.md): what a moderator sees of them and
 * what a decision sends.
 */

/** The catalogue's four languages, in the order the approval form asks for them. */
export const CATALOGUE_LANGUAGES = ['ru', 'en', 'oz', 'uz'] as const
export type CatalogueLanguage = (typeof CATALOGUE_LANGUAGES)[number]

/** A service's address in its category (`/{category}/{slug}`): Latin letters, digits and single hyphens. */
export const SLUG_MAX = 80
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
/**
 * The last segment of an order's address names a form of the wizard (src/routes/$categorySlug/$.tsx), and an
 * address of digits alone is read as an id: a service may be called neither.
 */
export const RESERVED_SLUGS = ['select', 'work-place'] as const
export const isServiceSlug = (slug: string) =>
  SLUG.test(slug) && /[a-z]/.test(slug) && !(RESERVED_SLUGS as readonly string[]).includes(slug)

/** Why a proposal is rejected or a review hidden: read by the person it is about. */
export const MODERATION_REASON_MAX = 500

const ModerationReasonSchema = v.pipe(
  v.string('moderation_reason_required'),
  v.trim(),
  v.minLength(1, 'moderation_reason_required'),
  v.maxLength(MODERATION_REASON_MAX, 'text_max'),
)

const CursorSchema = v.optional(v.pipe(v.string(), v.maxLength(60, 'invalid_request')))

export const ModerationParamsSchema = v.object({ id: IdParamSchema })

const NamedRefSchema = v.object({ id: v.number(), slug: v.string(), name: v.string() })
const PersonSchema = v.object({ id: v.number(), name: v.string(), surname: v.string() })

/** A service a person proposed, waiting for a moderator. */
export const ProposalSchema = v.object({
  id: v.number(),
  /** The names as proposed, in each language (a proposal names it once: the same text in all four). */
  names: v.object({ ru: v.string(), en: v.string(), oz: v.string(), uz: v.string() }),
  description: v.nullable(v.string()),
  /** An address made from the name, for the approval form to start from. */
  suggested_slug: v.string(),
  category: NamedRefSchema,
  parent: v.nullable(NamedRefSchema),
  /** Null once the account that proposed it is gone. */
  proposed_by: v.nullable(PersonSchema),
  proposed_at: v.string(),
})
export type Proposal = v.InferOutput<typeof ProposalSchema>

export const ProposalsQuerySchema = v.object({ cursor: CursorSchema })
export const ProposalsResponseSchema = v.object({
  collection: v.array(ProposalSchema),
  next_cursor: v.nullable(v.string()),
})

const ServiceNameSchema = v.pipe(
  v.string('service_name_required'),
  v.trim(),
  v.minLength(2, 'service_name_required'),
  v.maxLength(SERVICE_NAME_MAX, 'service_name_max'),
)

/** Into the catalogue: the name in every language, each required, and the address in its category. */
export const ApproveProposalBodySchema = v.object({
  name_ru: ServiceNameSchema,
  name_en: ServiceNameSchema,
  name_oz: ServiceNameSchema,
  name_uz: ServiceNameSchema,
  slug: v.pipe(
    v.string('slug_invalid'),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(SLUG_MAX, 'slug_invalid'),
    v.check(isServiceSlug, 'slug_invalid'),
  ),
})
export type ApproveProposalBody = v.InferOutput<typeof ApproveProposalBodySchema>

/** Into an approved service of the same category, which takes everything that pointed at the proposal. */
export const MergeProposalBodySchema = v.object({ into: IdValueSchema })

export const RejectProposalBodySchema = v.object({ reason: ModerationReasonSchema })

/** What became of a proposal: the catalogue's service it is now (approved or merged into), none when rejected. */
export const ProposalDecisionSchema = v.object({
  id: v.number(),
  outcome: v.picklist(['approved', 'merged', 'rejected']),
  service: v.nullable(
    v.object({ id: v.number(), name: v.string(), slug: v.string(), category_slug: v.string() }),
  ),
})
export type ProposalDecision = v.InferOutput<typeof ProposalDecisionSchema>

// ---------------------------------------------------------------- reviews

/** A review as the console shows it: everything, hidden or not, with who hid it and why. */
export const AdminReviewSchema = v.object({
  id: v.number(),
  order_id: v.number(),
  rating: v.number(),
  comment: v.string(),
  created_at: v.string(),
  author: PersonSchema,
  specialist: v.object({ id: v.number(), name: v.string(), surname: v.string(), slug: v.string() }),
  hidden: v.nullable(v.object({ at: v.string(), reason: v.string() })),
})
export type AdminReview = v.InferOutput<typeof AdminReviewSchema>

export const AdminReviewsQuerySchema = v.object({
  cursor: CursorSchema,
  /** Only this specialist's reviews. */
  specialist: v.optional(IdQuerySchema),
})
export const AdminReviewsResponseSchema = v.object({
  collection: v.array(AdminReviewSchema),
  next_cursor: v.nullable(v.string()),
})

export const HideReviewBodySchema = v.object({ reason: ModerationReasonSchema })
/** Showing a review again may say why; the audit log keeps it. */
export const UnhideReviewBodySchema = v.object({
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(MODERATION_REASON_MAX, 'text_max')), ''),
})
