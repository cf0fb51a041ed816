import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * "Connect Telegram" links (docs/decisions/026-telegram.md): a single-use token in a deep link to the bot, kept
 * only as its SHA-256, with an expiry. The bot's `/start <token>` takes it (one statement deletes it) and links the
 * Telegram user who sent it to `user_id`.
 */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('telegram_link_tokens_user').on(table.userId),
    index('telegram_link_tokens_expiry').on(table.expiresAt),
  ],
)

/** Updates Telegram delivered: one row per `update_id`, so a delivery Telegram repeats is handled once. */
export const telegramUpdates = pgTable(
  'telegram_updates',
  {
    updateId: bigint({ mode: 'number' }).primaryKey(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('telegram_updates_received').on(table.receivedAt)],
)

/**
 * The bot's sign-up conversations (docs/decisions/026-telegram.md), one per Telegram user who has not finished:
 * the step it is at and what was answered so far, so a restart in the middle resumes where the person was.
 */
export const telegramSignups = pgTable(
  'telegram_signups',
  {
    telegramId: text().primaryKey(),
    step: text().notNull(),
    answers: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('telegram_signups_updated').on(table.updatedAt)],
)

/**
 * The bot's "Open Fika" login links: a single-use token (kept only as its SHA-256) that the app trades for a
 * session, a few minutes long.
 */
export const telegramLoginTokens = pgTable(
  'telegram_login_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('telegram_login_tokens_expiry').on(table.expiresAt)],
)
