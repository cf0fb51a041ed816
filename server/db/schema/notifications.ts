import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import type { NotificationKind, NotificationSettings } from '#contract/schemas/notifications.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * One notification of one person. The text is not stored: it is written from `kind` and `params` in the reader's
 * language when read, so a language switch re-words old notifications too.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    /** What the text names (the order's number and name, a person's name, a rating): strings and numbers only. */
    params: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    /** The app path it opens (`/order/12`). */
    link: text().notNull(),
    /** Whose photo it shows (the specialist who replied, the customer who chose). */
    actorId: integer().references(() => users.id, { onDelete: 'set null' }),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
    /**
     * SMS fallback: `pending` while it may still become an SMS, `sending` once one process took it (claimed), then
     * `sent` or `skipped`; null for other kinds.
     */
    smsState: text({ enum: ['pending', 'sending', 'sent', 'skipped'] }),
    /** When it was claimed (`sending`), then when it was sent. */
    smsSentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('notifications_user_newest').on(table.userId, table.id),
    index('notifications_user_unread')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index('notifications_sms_pending')
      .on(table.createdAt)
      .where(sql`${table.smsState} = 'pending'`),
    index('notifications_sms_sent')
      .on(table.userId, table.smsSentAt)
      .where(sql`${table.smsState} = 'sent'`),
  ],
)
export type NotificationRow = typeof notifications.$inferSelect

/** A person's switches; no row means the defaults (server/modules/notifications/settings.ts). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  kinds: jsonb().$type<Partial<NotificationSettings['kinds']>>().notNull().default({}),
  smsFallback: boolean().notNull().default(true),
  /**
   * Quiet hours, whole hours of Tashkent time (from 22 to 7 wraps midnight); both null: none. Inside them Telegram
   * messages and pushes arrive without a sound (a professional plan's convenient notifications, decision 016).
   */
  quietFrom: smallint(),
  quietTo: smallint(),
  /** The specialist's job reminders: the evening before (20:00 Tashkent) and an hour before (decision 029). */
  remindEveningBefore: boolean().notNull().default(true),
  remindHourBefore: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
})

/** One device's browser push subscription (Web Push endpoint, or an FCM registration token). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text({ enum: ['webpush', 'fcm'] }).notNull(),
    /** The push service URL, or the FCM token: one device, whoever is logged in on it now. */
    endpoint: text().notNull().unique(),
    p256dh: text(),
    auth: text(),
    /** The language the device subscribed in: its pushes are written in it. */
    locale: text({ enum: ['ru', 'oz', 'uz', 'en'] })
      .notNull()
      .default('ru'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSuccessAt: timestamp({ withTimezone: true }),
    /** Since when every push to it has failed (null while it works): retention deletes one failing for long. */
    failingSince: timestamp({ withTimezone: true }),
  },
  (table) => [index('push_subscriptions_user').on(table.userId)],
)
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect
