import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { ChatKind, MessageKind, ReportReason } from '#contract/schemas/chats.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * A conversation (docs/decisions/014-chat.md): between two people, about an order or not (`order_key` 0), or of
 * one person with the support team (`user_b` null). One per pair and order: the unique index makes opening it twice
 * answer the same row. The team's read state lives on the row, since the whole team shares one inbox.
 */
export const chats = pgTable(
  'chats',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<ChatKind>().notNull(),
    orderId: integer().references(() => orders.id, { onDelete: 'set null' }),
    /** The order's id, or 0: the part of the pair's key that a null could not be. */
    orderKey: integer().notNull().default(0),
    /** The two people, the smaller id first; in a support chat `userA` is the person and `userB` null. */
    userA: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: integer().references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: integer(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull(),
    teamReadUpTo: integer().notNull().default(0),
    teamDeliveredUpTo: integer().notNull().default(0),
    teamUnread: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('chats_pair_order').on(table.userA, sql`coalesce(${table.userB}, 0)`, table.orderKey),
    // The support inbox, newest first.
    index('chats_support_newest')
      .on(table.lastMessageAt.desc(), table.id.desc())
      .where(sql`${table.kind} = 'support'`),
    check('chats_kind_value', sql`${table.kind} in ('order', 'direct', 'support')`),
    check('chats_pair_ordered', sql`${table.userB} is null or ${table.userA} < ${table.userB}`),
  ],
)
export type ChatRow = typeof chats.$inferSelect

/**
 * A person in a conversation and where they are in it: `unread` is kept by each send and read; `sortAt` copies
 * the chat's last message time so a person's list is one index walk.
 */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readUpTo: integer().notNull().default(0),
    deliveredUpTo: integer().notNull().default(0),
    unread: integer().notNull().default(0),
    sortAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chatId, table.userId] }),
    index('chat_participants_list').on(table.userId, table.sortAt.desc(), table.chatId.desc()),
    index('chat_participants_unread')
      .on(table.userId)
      .where(sql`${table.unread} > 0`),
  ],
)

/** One message. `clientId` is the sender's own id for it: a replayed send finds the first row by it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer().references(() => users.id, { onDelete: 'set null' }),
    fromSupport: boolean().notNull().default(false),
    clientId: text().notNull(),
    kind: text().$type<MessageKind>().notNull(),
    text: text().notNull().default(''),
    photo: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** When a moderator hid it: both people then see "message hidden by moderator" (decision 029). */
    hiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('chat_messages_history').on(table.chatId, table.id.desc()),
    uniqueIndex('chat_messages_client_id').on(table.chatId, table.clientId),
    // The per-minute limit counts a sender's latest messages.
    index('chat_messages_sender_recent').on(table.senderId, table.createdAt),
    check('chat_messages_text_length', sql`char_length(${table.text}) <= 4000`),
  ],
)
export type ChatMessageRow = typeof chatMessages.$inferSelect

/** Who blocked whom: no messages either way between them, in any conversation. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] })],
)

/** A reported message, waiting for the moderation console. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer()
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().$type<ReportReason>().notNull(),
    text: text().notNull().default(''),
    /** `reviewed`: a moderator dismissed it or acted on it (decision 029). */
    status: text({ enum: ['pending', 'reviewed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('message_reports_once').on(table.messageId, table.reporterId),
    index('message_reports_pending')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
)
