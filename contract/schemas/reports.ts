import * as v from 'valibot'
import { IdParamSchema } from './bounds.ts'
import { MESSAGE_KINDS, REPORT_REASONS, REPORT_TEXT_MAX, ReportBodySchema } from './chats.ts'

/**
 * Reports of orders, profiles and chat messages, and what moderators do about them
 * (docs/decisions/029-reports-and-blocking.md). The reasons and the text's bound are the chat's own
 * (`REPORT_REASONS`, `REPORT_TEXT_MAX`): one short list everywhere.
 */

/** What can be reported: a chat message (`message_reports`), an order or a specialist's profile (`reports`). */
export const REPORT_KINDS = ['message', 'order', 'profile'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]
/** A report of an order or profile: waiting, dismissed, or acted on (the item hidden, its author warned). */
export const REPORT_STATES = ['pending', 'dismissed', 'actioned'] as const
export type ReportState = (typeof REPORT_STATES)[number]

/** `POST …/orders/{id}/report`, `POST …/profiles/{id}/report`: the chat's report body. */
export const ItemReportBodySchema = ReportBodySchema
/** A report sent again answers the first one: one per reporter and item. */
export const ItemReportSchema = v.object({ id: v.number(), status: v.picklist(REPORT_STATES) })
export type ItemReport = v.InferOutput<typeof ItemReportSchema>

// ---------------------------------------------------------------- the moderators' console

export const AdminReportParamsSchema = v.object({
  kind: v.picklist(REPORT_KINDS, 'not_found'),
  id: IdParamSchema,
})
export const AdminUserParamsSchema = v.object({ id: IdParamSchema })

const NoteSchema = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(REPORT_TEXT_MAX, 'report_text_max')),
  '',
)
/** Dismiss, hide, unblock: the moderator's note for the audit log, optional. */
export const ModerationNoteBodySchema = v.object({ text: NoteSchema })
/** Warn, block: a reason from the list (the user reads it), and the moderator's words beside it. */
export const ModerationReasonBodySchema = v.object({
  reason: v.picklist(REPORT_REASONS, 'report_reason_required'),
  text: NoteSchema,
})
export type ModerationReasonBody = v.InferOutput<typeof ModerationReasonBodySchema>

const PersonSchema = v.object({ id: v.number(), name: v.string() })

/** A message of the conversation around a reported one, as the moderator reads it. */
export const ContextMessageSchema = v.object({
  id: v.number(),
  sender_id: v.nullable(v.number()),
  from_support: v.boolean(),
  kind: v.picklist(MESSAGE_KINDS),
  text: v.string(),
  photo: v.nullable(v.string()),
  hidden: v.boolean(),
  /** The message the report is about. */
  reported: v.boolean(),
  created_at: v.string(),
})
export type ContextMessage = v.InferOutput<typeof ContextMessageSchema>

/** Whom a warning or a block reaches: the item's author. */
export const ReportAuthorSchema = v.object({
  id: v.number(),
  name: v.string(),
  blocked: v.boolean(),
  /** Staff are never blocked from the console (support team, moderators). */
  staff: v.boolean(),
})

export const AdminReportSchema = v.object({
  kind: v.picklist(REPORT_KINDS),
  id: v.number(),
  reason: v.picklist(REPORT_REASONS),
  text: v.string(),
  created_at: v.string(),
  reporter: PersonSchema,
  /** null when the author's account is gone (or the support team wrote the message). */
  author: v.nullable(ReportAuthorSchema),
  /** The item is hidden already (by another report's decision). */
  hidden: v.boolean(),
  /** A chat message: its conversation, a few messages before and after it, oldest first. */
  conversation: v.nullable(v.object({ chat_id: v.number(), messages: v.array(ContextMessageSchema) })),
  order: v.nullable(
    v.object({ id: v.number(), name: v.string(), description: v.nullable(v.string()), link: v.string() }),
  ),
  profile: v.nullable(
    v.object({ id: v.number(), name: v.string(), about: v.nullable(v.string()), link: v.string() }),
  ),
})
export type AdminReport = v.InferOutput<typeof AdminReportSchema>

export const AdminReportsQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(80, 'invalid_request'))),
})
/** Pending reports, newest first. */
export const AdminReportsResponseSchema = v.object({
  collection: v.array(AdminReportSchema),
  next_cursor: v.nullable(v.string()),
})
/** What a decision on a report answers: the report is no longer pending. */
export const ReportDecisionSchema = v.object({
  kind: v.picklist(REPORT_KINDS),
  id: v.number(),
  status: v.string(),
})
/** A block or unblock: the account's state after it. */
export const UserBlockSchema = v.object({ id: v.number(), blocked: v.boolean() })
