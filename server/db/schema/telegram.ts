import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
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
