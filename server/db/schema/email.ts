import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * E-mail verification links (docs/decisions/027-email.md): a single-use token mailed to `email`, kept only as its
 * SHA-256, with an expiry. Following the link takes it (one statement deletes and returns it) and verifies the
 * person's address only while it is still `email`: a link mailed to an address the person has since changed
 * verifies nothing.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('email_verification_tokens_user').on(table.userId),
    index('email_verification_tokens_expiry').on(table.expiresAt),
  ],
)
