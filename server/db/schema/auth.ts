import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/** One SMS code sent; its id is the `required_id` a client carries from send to verify to register or reset. */
export const smsVerifications = pgTable(
  'sms_verifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    purpose: text({ enum: ['register', 'reset_pass', 'telegram'] }).notNull(),
    /** HMAC of the code keyed by the server secret: four digits hashed plainly would fall to a table of 10,000. */
    codeHash: text().notNull(),
    ip: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('sms_verifications_phone_created').on(table.phone, table.createdAt),
    index('sms_verifications_ip_created').on(table.ip, table.createdAt),
  ],
)

/** Wrong SMS codes and failed logins, counted per phone and per address over sliding windows. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: ['sms_code', 'login'] }).notNull(),
    phone: text().notNull(),
    ip: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('auth_failures_phone').on(table.kind, table.phone, table.createdAt),
    index('auth_failures_ip').on(table.kind, table.ip, table.createdAt),
  ],
)

/** One login on one device: every refresh token it ever had belongs to it, so reuse of any revokes them all. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Absolute end of the session, whatever the refreshes. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text({ enum: ['logout', 'reuse', 'password_reset', 'blocked'] }),
  },
  (table) => [index('refresh_token_families_user').on(table.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the token: the token itself is 256 random bits, so a fast hash is enough. */
    tokenHash: text().primaryKey(),
    familyId: uuid()
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('refresh_tokens_family').on(table.familyId)],
)
