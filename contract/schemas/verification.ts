import * as v from 'valibot'
import { IdParamSchema } from './bounds.ts'

/** What a specialist may prove their identity with (spec section 2). */
export const DOCUMENT_TYPES = ['passport', 'id_card', 'driver_licence'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** Why a moderator denies a submission: a code the specialist reads in their language, plus free text. */
export const DENY_REASONS = [
  'unreadable',
  'face_not_visible',
  'mismatch',
  'expired',
  'not_a_document',
  'other',
] as const
export type DenyReason = (typeof DENY_REASONS)[number]
export const REASON_TEXT_MAX = 500

/** `GET/POST …/profile/verification`: the code of spec section 4 and the latest submission. */
export const VerificationSchema = v.object({
  /** 0 not verified, 1 verified, 2 under review, 3 denied. */
  verification: v.picklist([0, 1, 2, 3]),
  type: v.nullable(v.picklist(DOCUMENT_TYPES)),
  reason: v.nullable(v.picklist(DENY_REASONS)),
  reason_text: v.nullable(v.string()),
  submitted_at: v.nullable(v.string()),
})
export type Verification = v.InferOutput<typeof VerificationSchema>

/** The multipart form's text field; the three photos are its files. */
export const VerificationBodySchema = v.object({
  type: v.picklist(DOCUMENT_TYPES, 'document_type_invalid'),
})

// ---------------------------------------------------------------- the moderators' console

export const SubmissionParamsSchema = v.object({ id: IdParamSchema })

/** A submission in the queue, with short-lived signed links to its photos (each read is audited). */
export const SubmissionSchema = v.object({
  id: v.number(),
  user: v.object({
    id: v.number(),
    name: v.string(),
    surname: v.string(),
    slug: v.string(),
    avatar_thumb: v.nullable(v.string()),
  }),
  type: v.picklist(DOCUMENT_TYPES),
  state: v.picklist(['review', 'approved', 'denied']),
  submitted_at: v.string(),
  /** Signed links, valid for minutes; null once the files were deleted. */
  photos: v.nullable(v.object({ front: v.string(), back: v.nullable(v.string()), selfie: v.string() })),
})
export type Submission = v.InferOutput<typeof SubmissionSchema>

export const SubmissionsResponseSchema = v.object({
  collection: v.array(SubmissionSchema),
  next_cursor: v.nullable(v.string()),
})

export const DenyBodySchema = v.object({
  reason: v.picklist(DENY_REASONS, 'deny_reason_required'),
  text: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(REASON_TEXT_MAX, 'text_max')), ''),
})

export const AuditQuerySchema = v.object({
  /** Only rows about this target (`user:7`) or by this action (`verification.deny`). */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80, 'invalid_request'))),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(40, 'invalid_request'))),
})
export const AuditResponseSchema = v.object({
  collection: v.array(
    v.object({
      id: v.number(),
      actor: v.nullable(v.object({ id: v.number(), name: v.string() })),
      action: v.string(),
      target: v.string(),
      reason: v.nullable(v.string()),
      at: v.string(),
    }),
  ),
  next_cursor: v.nullable(v.string()),
})
