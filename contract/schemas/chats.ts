import * as v from 'valibot'
import { ORDER_STATUSES } from '../order-values.ts'
import { IdParamSchema, IdValueSchema, perPageQuerySchema } from './bounds.ts'
import { NextCursorSchema } from './list-keyset.ts'

/**
 * Conversations between a customer and a specialist, and with the support team (spec sections 1, 2, 7;
 * docs/decisions/014-chat.md).
 */

/** The longest text of one message. */
export const CHAT_TEXT_MAX = 4000
/** A report's own words. */
export const REPORT_TEXT_MAX = 500
/** A search of the conversations list (a name or an order's title or number). */
export const CHAT_SEARCH_MAX = 100
export const CHATS_PER_PAGE_MAX = 50
export const CHATS_PER_PAGE_DEFAULT = 20
export const MESSAGES_PER_PAGE_MAX = 100
export const MESSAGES_PER_PAGE_DEFAULT = 30

export const CHAT_KINDS = ['order', 'direct', 'support'] as const
export type ChatKind = (typeof CHAT_KINDS)[number]
/** `reply` is a specialist's reply to the order, the conversation's first message. */
export const MESSAGE_KINDS = ['text', 'reply', 'photo', 'location'] as const
export type MessageKind = (typeof MESSAGE_KINDS)[number]
export const REPORT_REASONS = ['spam', 'abuse', 'fraud', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
/** Who blocked whom between the two people of a conversation. */
export const BLOCK_STATES = ['none', 'by_me', 'by_them'] as const
export type BlockState = (typeof BLOCK_STATES)[number]

/**
 * The id a client gives a message before sending it (a UUID): a send replayed with the same one answers the first
 * message and never makes a second.
 */
export const ClientIdSchema = v.pipe(
  v.string('client_id_invalid'),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_id_invalid'),
)

export const LocationSchema = v.object({
  lat: v.pipe(
    v.number('coordinates_invalid'),
    v.minValue(-90, 'coordinates_invalid'),
    v.maxValue(90, 'coordinates_invalid'),
  ),
  lng: v.pipe(
    v.number('coordinates_invalid'),
    v.minValue(-180, 'coordinates_invalid'),
    v.maxValue(180, 'coordinates_invalid'),
  ),
})
export type ChatLocation = v.InferOutput<typeof LocationSchema>

/** The other person of a conversation, as its header shows them; for a support chat the user sees the team. */
export const ChatPersonSchema = v.object({
  /** null for the support team. */
  id: v.nullable(v.number()),
  name: v.string(),
  photo: v.nullable(v.string()),
  verification: v.number(),
  is_online: v.boolean(),
  last_seen_at: v.nullable(v.string()),
  /** The support team: the app names it in the reader's language. */
  support: v.boolean(),
  /** Their public profile, when they have one. */
  slug: v.nullable(v.string()),
})
export type ChatPerson = v.InferOutput<typeof ChatPersonSchema>

/** The order a conversation is about. */
export const ChatOrderSchema = v.object({
  id: v.number(),
  name: v.string(),
  price: v.nullable(v.number()),
  price_min: v.nullable(v.number()),
  price_max: v.nullable(v.number()),
  status: v.picklist(ORDER_STATUSES),
})
export type ChatOrder = v.InferOutput<typeof ChatOrderSchema>

export const ChatMessageSchema = v.object({
  id: v.number(),
  chat_id: v.number(),
  /** The author; in a support chat every answer of the team is the team's (`from_support`). */
  sender_id: v.nullable(v.number()),
  from_support: v.boolean(),
  client_id: v.string(),
  kind: v.picklist(MESSAGE_KINDS),
  text: v.string(),
  /** A re-encoded photo's path (`/api/uploads/chats/…`). */
  photo: v.nullable(v.string()),
  location: v.nullable(LocationSchema),
  created_at: v.string(),
  /**
   * A moderator hid it (docs/decisions/029): its text, photo and place are gone and both people read "message
   * hidden by moderator". Absent in messages kept by an app from before it existed.
   */
  hidden: v.optional(v.boolean()),
})
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>

export const ChatSchema = v.object({
  id: v.number(),
  kind: v.picklist(CHAT_KINDS),
  order: v.nullable(ChatOrderSchema),
  other: ChatPersonSchema,
  last_message: v.nullable(ChatMessageSchema),
  /** Messages to the reader they have not read. */
  unread: v.number(),
  /** The newest message of the reader's that the other side has received / read (0: none): sent → delivered → read. */
  delivered_up_to: v.number(),
  read_up_to: v.number(),
  /** The newest message the reader has read. */
  my_read_up_to: v.number(),
  blocked: v.picklist(BLOCK_STATES),
  /**
   * The reader answers as the support team (a support chat read by staff): their messages are the ones
   * `from_support`. Otherwise the reader's messages are those whose `sender_id` is theirs and not `from_support`.
   */
  as_support: v.boolean(),
  updated_at: v.string(),
})
export type Chat = v.InferOutput<typeof ChatSchema>

export const ChatsQuerySchema = v.object({
  perPage: perPageQuerySchema(CHATS_PER_PAGE_MAX, CHATS_PER_PAGE_DEFAULT),
  /** `meta.next_cursor` of the page before. */
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor_invalid'))),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(CHAT_SEARCH_MAX, 'search_too_long'))),
})
export type ChatsQuery = v.InferOutput<typeof ChatsQuerySchema>

/** Newest conversation first; `unread` counts unread messages over all the caller's conversations. */
export const ChatsResponseSchema = v.object({
  collection: v.array(ChatSchema),
  meta: v.object({ perPage: v.number(), next_cursor: NextCursorSchema, unread: v.number() }),
})

export const OpenChatBodySchema = v.object({
  user_id: IdValueSchema,
  order_id: v.optional(IdValueSchema),
})
export type OpenChatBody = v.InferOutput<typeof OpenChatBodySchema>

export const ChatParamsSchema = v.object({ id: IdParamSchema })
export const ChatMessageParamsSchema = v.object({ id: IdParamSchema, messageId: IdParamSchema })

const MessageIdCursorSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/, 'cursor_invalid'),
  v.transform(Number),
  v.minValue(1, 'cursor_invalid'),
  v.maxValue(2_147_483_647, 'cursor_invalid'),
)

/**
 * History: `before` (the `meta.next_cursor` of the page before) pages towards older messages; `after` (the newest
 * id a client holds) answers what came since, for a client catching up after a reconnect.
 */
export const MessagesQuerySchema = v.object({
  before: v.optional(MessageIdCursorSchema),
  after: v.optional(MessageIdCursorSchema),
  perPage: perPageQuerySchema(MESSAGES_PER_PAGE_MAX, MESSAGES_PER_PAGE_DEFAULT),
})
export type MessagesQuery = v.InferOutput<typeof MessagesQuerySchema>

/** Oldest first within the page; `next_cursor` is where older messages start, null at the first message. */
export const MessagesResponseSchema = v.object({
  collection: v.array(ChatMessageSchema),
  meta: v.object({
    perPage: v.number(),
    next_cursor: NextCursorSchema,
    delivered_up_to: v.number(),
    read_up_to: v.number(),
  }),
})

const MessageTextSchema = v.pipe(
  v.string('message_empty'),
  v.trim(),
  v.maxLength(CHAT_TEXT_MAX, 'message_too_long'),
)

/** What a send carries: a text, a location, or both. */
export const SendMessageEntries = {
  client_id: ClientIdSchema,
  text: v.optional(MessageTextSchema, ''),
  location: v.optional(LocationSchema),
}
/** An empty send (no text, no location) is `message_empty`, on the text field. */
export const hasContent = <T extends { text: string; location?: unknown }>() =>
  v.forward<T, v.CheckIssue<T>, ['text']>(
    v.check((body: T) => body.text !== '' || body.location !== undefined, 'message_empty'),
    ['text'] as never,
  )
export const SendMessageBodySchema = v.pipe(v.object(SendMessageEntries), hasContent())
export type SendMessageBody = v.InferOutput<typeof SendMessageBodySchema>

export const ReadBodySchema = v.object({ message_id: IdValueSchema })
/** `unread` of this conversation and `total` over all of the reader's. */
export const UnreadStateSchema = v.object({ chat_id: v.number(), unread: v.number(), total: v.number() })
export type UnreadState = v.InferOutput<typeof UnreadStateSchema>
export const TotalUnreadSchema = v.object({ unread: v.number() })

export const BlockBodySchema = v.object({ blocked: v.boolean('invalid_request') })

export const ReportBodySchema = v.object({
  reason: v.picklist(REPORT_REASONS, 'report_reason_required'),
  text: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(REPORT_TEXT_MAX, 'report_text_max')), ''),
})
export const ReportSchema = v.object({ id: v.number(), status: v.picklist(['pending', 'reviewed']) })
