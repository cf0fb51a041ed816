import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  real,
  smallint,
  text,
  uniqueIndex,
  timestamp,
} from 'drizzle-orm/pg-core'

/** A person: one account whether they act as customer or executor; `type` is the mode they are in now. */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull().unique(),
    type: text({ enum: ['customer', 'executor'] })
      .notNull()
      .default('customer'),
    /** 998XXXXXXXXX; the spec calls it username. */
    phone: text().notNull().unique(),
    name: text().notNull(),
    surname: text().notNull(),
    patronymic: text(),
    email: text(),
    passwordHash: text().notNull(),
    avatar: text(),
    avatarThumb: text(),
    photo: text(),
    birthday: date(),
    gender: text({ enum: ['male', 'female', 'not_specified'] })
      .notNull()
      .default('not_specified'),
    address: text(),
    languages: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rating: real().notNull().default(0),
    reviewsCount: integer().notNull().default(0),
    /**
     * Tiyin: the lowest price (`price_from`, else `price_to`) of the user's listed service lines, null without one.
     * Kept by triggers on `speciality_services` (migration 0022) for the specialists list by price without a service.
     */
    listedMinPrice: bigint({ mode: 'number' }),
    lastSeenAt: timestamp({ withTimezone: true }),
    verification: smallint().notNull().default(0),
    acceptsOrders: boolean().notNull().default(true),
    lookingForInternship: boolean().notNull().default(false),
    worksRemotely: boolean().notNull().default(false),
    acceptsAtOwnPlace: boolean().notNull().default(false),
    telegramId: text(),
    telegramNotifications: boolean().notNull().default(false),
    emailNotifications: boolean().notNull().default(false),
    /**
     * E-mail (docs/decisions/027-email.md): when `email` was proven to be the person's (its link followed); cleared
     * when the address changes. Only a verified address that has not bounced receives mail.
     */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** When a mail to `email` was refused for good (SMTP 5xx on RCPT): nothing more goes to it until it changes. */
    emailBouncedAt: timestamp({ withTimezone: true }),
    /** When the last verification link was mailed: the "send it again" limit is reserved on it in one statement. */
    emailLinkSentAt: timestamp({ withTimezone: true }),
    /** A specialist's saved reply: the bot's "Reply" under a new order sends it (docs/decisions/026-telegram.md). */
    replyTemplate: text(),
    discountPercent: smallint().notNull().default(0),
    discountText: text(),
    /** The districts where a specialist works (ids of `districts`), public; GIN-indexed for the specialists list. */
    districtIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The "about" section, public. */
    about: text(),
    /** Places where the specialist receives clients, public (the residence `address` never is). */
    workAddresses: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Name and surname folded for search (contract/search-text.ts), kept by the users repository; empty for rows
     * written elsewhere, which the specialists list then matches by their lowercased names.
     */
    searchName: text().notNull().default(''),
    /**
     * Set when the account is deleted: the row stays for the orders and reviews it is part of, anonymised. Its
     * phone becomes `deleted-<id>` (unique, and never a phone anyone can log in or register with).
     */
    deletedAt: timestamp({ withTimezone: true }),
    /** The language of the person's latest app session: notifications that reach them outside it (SMS) use it. */
    locale: text({ enum: ['ru', 'oz', 'uz', 'en'] })
      .notNull()
      .default('ru'),
    /**
     * `support`: a member of the support team, who answers support chats. `moderator`: works in the moderation
     * console (/admin). Given only by `npm run support-staff` and `npm run moderator` (docs/operations.md), never
     * through the API.
     */
    role: text({ enum: ['user', 'support', 'moderator'] })
      .notNull()
      .default('user'),
    /**
     * When a moderator hid the profile (docs/decisions/029-reports-and-blocking.md): it leaves `/executors` and its
     * public page answers as missing to everyone but its owner.
     */
    hiddenAt: timestamp({ withTimezone: true }),
    /** When a moderator blocked the account: its sessions ended then, and no login starts a new one. */
    blockedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('users_district_ids').using('gin', table.districtIds),
    // The specialists list without a service, best rated first: walked until a page of users with a matching line.
    index('users_listed_by_rating')
      .on(table.rating.desc(), table.reviewsCount.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null and ${table.acceptsOrders}`),
    // The same list most reviewed first (issue 15): without it that sort read and sorted every listed specialist.
    index('users_listed_by_reviews')
      .on(table.reviewsCount.desc(), table.rating.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null and ${table.acceptsOrders}`),
    // The same list cheapest first (then best rated), walked like the two above; without a price a user comes last.
    index('users_listed_by_price')
      .on(sql`coalesce(${table.listedMinPrice}, 1000000000000000)`, sql`(- ${table.rating})`, table.id)
      .where(sql`${table.deletedAt} is null and ${table.acceptsOrders}`),
    // One account per Telegram user: the bot and the Mini App find the account by it (docs/decisions/026).
    uniqueIndex('users_telegram_id')
      .on(table.telegramId)
      .where(sql`${table.telegramId} is not null`),
    check(
      'users_phone_format',
      sql`${table.phone} ~ '^998[0-9]{9}$' or (${table.deletedAt} is not null and ${table.phone} ~ '^deleted-[0-9]+$')`,
    ),
    check('users_type_value', sql`${table.type} in ('customer', 'executor')`),
    check('users_verification_range', sql`${table.verification} between 0 and 3`),
    check('users_discount_range', sql`${table.discountPercent} between 0 and 100`),
  ],
)

export type UserRow = typeof users.$inferSelect
