import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, not, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { notifications, notificationSettings } from '#server/db/schema/notifications.ts'
import { orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { COUNT_LIMIT } from '#server/lib/count-limit.ts'
import {
  NEW_ORDER_ROW_COLUMNS,
  newOrderNotificationRows,
  smsStateFor,
  type MatchedOrder,
  type NotificationDraft,
} from './matching.ts'
import { DEFAULT_SMS_FALLBACK, type StoredSettings } from './settings.ts'

const actor = alias(users, 'actor')

/** A notification with what its text and picture need of the person who did it. */
const presentable = {
  id: notifications.id,
  kind: notifications.kind,
  params: notifications.params,
  link: notifications.link,
  orderId: notifications.orderId,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  // A deleted account's row stays, anonymised: its name is not shown and the text says "someone".
  actorName: sql<string | null>`case when ${actor.deletedAt} is null then ${actor.name} end`,
  actorAvatar: sql<string | null>`coalesce(${actor.avatarThumb}, ${actor.avatar})`,
}
export type PresentableNotification = {
  id: number
  kind: (typeof notifications.$inferSelect)['kind']
  params: Record<string, string | number>
  link: string
  orderId: number | null
  readAt: Date | null
  createdAt: Date
  actorName: string | null
  actorAvatar: string | null
}

// A read notification can no longer become an SMS; clearing `pending` keeps the fallback's index small.
const readNow = (now: Date) => ({
  readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`,
  smsState: sql`case when ${notifications.smsState} = 'pending' then 'skipped' else ${notifications.smsState} end`,
})

/**
 * Whether a fallback notification still tells the truth about its order: "you were chosen" while the order waits
 * for that specialist to accept that very choice, "your order was cancelled" while it stays cancelled. Whatever the
 * order did since (accepted, declined, chosen someone else, completed, deleted) answered it: an SMS would mislead.
 */
const stillCurrent = sql`exists (select 1 from ${orders} where ${orders.id} = ${notifications.orderId} and (
  (${notifications.kind} = 'executor_chosen' and ${orders.status} = 'inactive'
    and ${orders.executorId} = ${notifications.userId}
    and (${orders.chosenAt} is null or ${orders.chosenAt} <= ${notifications.createdAt}))
  or (${notifications.kind} = 'order_canceled' and ${orders.status} = 'canceled')))`

const intArray = (ids: number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`

type SettingsColumns = {
  kinds: StoredSettings['kinds'] | null
  smsFallback: boolean | null
  quietFrom: number | null
  quietTo: number | null
  remindEveningBefore: boolean | null
  remindHourBefore: boolean | null
}
const settingsColumns = {
  kinds: notificationSettings.kinds,
  smsFallback: notificationSettings.smsFallback,
  quietFrom: notificationSettings.quietFrom,
  quietTo: notificationSettings.quietTo,
  remindEveningBefore: notificationSettings.remindEveningBefore,
  remindHourBefore: notificationSettings.remindHourBefore,
}

const storedSettings = (row: SettingsColumns): StoredSettings | undefined =>
  row.kinds === null || row.smsFallback === null
    ? undefined
    : {
        kinds: row.kinds,
        smsFallback: row.smsFallback,
        quiet:
          row.quietFrom === null || row.quietTo === null ? null : { from: row.quietFrom, to: row.quietTo },
        reminders: {
          evening_before: row.remindEveningBefore ?? true,
          hour_before: row.remindHourBefore ?? true,
        },
      }

/** Those notifications with what their text needs (freshly made ones, for the socket and push). */
function presentableByIds(db: Database, ids: number[]): Promise<PresentableNotification[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select(presentable)
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(sql`${notifications.id} = any(${intArray(ids)})`)
}

export function createNotificationsRepository(db: Database) {
  return { ...inboxQueries(db), ...settingsQueries(db), ...smsFallbackQueries(db) }
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>

/** The inbox: notifications made, delivered, listed and read. */
function inboxQueries(db: Database) {
  const byIds = (ids: number[]) => presentableByIds(db, ids)

  /** Exact, and cheap however many a person has read: `notifications_user_unread` holds only the unread ones. */
  const unreadCount = async (userId: number) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    return row?.count ?? 0
  }

  return {
    /** One statement for every matching specialist, however many (matching.ts). */
    async insertForMatchingSpecialists(order: MatchedOrder, draft: NotificationDraft) {
      // NOTE: written out because drizzle's INSERT…SELECT lists the generated `id` among the target columns.
      const result = (await db.execute(sql`
        insert into ${notifications} (${sql.raw(NEW_ORDER_ROW_COLUMNS)})
        ${newOrderNotificationRows(db, order, draft)}
        returning id, user_id`)) as unknown as { rows: { id: number; user_id: number }[] }
      return result.rows.map((row) => ({ id: Number(row.id), userId: Number(row.user_id) }))
    },

    async insertFor(userId: number, draft: NotificationDraft) {
      return db
        .insert(notifications)
        .values({ ...draft, userId, smsState: smsStateFor(draft.kind, userId) })
        .returning({ id: notifications.id, userId: notifications.userId })
    },

    /** What delivering to these people needs, in one query: their language, switches and unread count. */
    async recipients(userIds: number[]) {
      if (userIds.length === 0) return []
      const unread = db
        .select({ userId: notifications.userId, count: sql<number>`count(*)::int`.as('count') })
        .from(notifications)
        .where(and(sql`${notifications.userId} = any(${intArray(userIds)})`, isNull(notifications.readAt)))
        .groupBy(notifications.userId)
        .as('unread')
      const rows = await db
        .select({
          userId: users.id,
          locale: users.locale,
          telegramId: users.telegramId,
          telegramOn: users.telegramNotifications,
          email: users.email,
          emailOn: users.emailNotifications,
          emailVerifiedAt: users.emailVerifiedAt,
          emailBouncedAt: users.emailBouncedAt,
          ...settingsColumns,
          unread: sql<number>`coalesce(${unread.count}, 0)`,
        })
        .from(users)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .leftJoin(unread, eq(unread.userId, users.id))
        .where(sql`${users.id} = any(${intArray(userIds)})`)
      return rows.map((row) => ({
        userId: row.userId,
        locale: row.locale,
        unread: Number(row.unread),
        settings: storedSettings(row),
        // Where Telegram messages go: a linked chat with the Telegram switch on.
        telegramChat: row.telegramOn ? row.telegramId : null,
        // Where mail goes: a verified address that has not bounced, with the e-mail switch on.
        email: row.emailOn && row.emailVerifiedAt && !row.emailBouncedAt ? row.email : null,
      }))
    },

    byIds,

    /**
     * One page, newest first, after the notification `afterId` (the last one shown) or at `offset` for the first
     * numbered pages, one more than asked to tell whether there is a next page; `notifications_user_newest` serves
     * it. `total` stops at COUNT_LIMIT; `unread` is counted over the partial index of unread ones only.
     */
    async page(userId: number, perPage: number, at: { afterId: number } | { offset: number }) {
      const [rows, [total], unread] = await Promise.all([
        db
          .select(presentable)
          .from(notifications)
          .leftJoin(actor, eq(actor.id, notifications.actorId))
          .where(
            and(
              eq(notifications.userId, userId),
              'afterId' in at ? lt(notifications.id, at.afterId) : undefined,
            ),
          )
          .orderBy(desc(notifications.id))
          .limit(perPage + 1)
          .offset('offset' in at ? at.offset : 0),
        db.select({ count: sql<number>`count(*)::int` }).from(
          db
            .select({ one: sql`1` })
            .from(notifications)
            .where(eq(notifications.userId, userId))
            .limit(COUNT_LIMIT)
            .as('counted'),
        ),
        unreadCount(userId),
      ])
      return { rows: rows as PresentableNotification[], total: total?.count ?? 0, unread }
    },

    ...readQueries(db, byIds),

    unreadCount,
  }
}

/** Notifications marked read: one, all, or those that open a page the person has just opened. */
function readQueries(db: Database, byIds: (ids: number[]) => Promise<PresentableNotification[]>) {
  return {
    /** Marks one of `userId`'s notifications read; undefined when they have none of that id. */
    async markRead(id: number, userId: number, now: Date) {
      const [row] = await db
        .update(notifications)
        .set(readNow(now))
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id })
      if (!row) return undefined
      const [found] = await byIds([row.id])
      return found
    },

    async markAllRead(userId: number, now: Date) {
      await db
        .update(notifications)
        .set(readNow(now))
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    },

    /** Marks read the person's unread notifications that open `link`; answers how many there were. */
    async markReadByLink(userId: number, link: string, now: Date) {
      const rows = await db
        .update(notifications)
        .set(readNow(now))
        .where(
          and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)),
        )
        .returning({ id: notifications.id })
      return rows.length
    },

    async hasUnreadWithLink(userId: number, link: string) {
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)),
        )
        .limit(1)
      return rows.length > 0
    },
  }
}

/** A person's switches, and the language their notifications are written in. */
function settingsQueries(db: Database) {
  return {
    async settingsOf(userId: number): Promise<StoredSettings | undefined> {
      const [row] = await db
        .select(settingsColumns)
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId))
      return row && storedSettings(row)
    },

    /** Changes a person's switches under a row lock, so two devices changing different switches both count. */
    async updateSettings(
      userId: number,
      change: (stored: StoredSettings | undefined) => StoredSettings,
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select(settingsColumns)
          .from(notificationSettings)
          .where(eq(notificationSettings.userId, userId))
          .for('update')
        const next = change(row && storedSettings(row))
        const columns = {
          kinds: next.kinds,
          smsFallback: next.smsFallback,
          quietFrom: next.quiet?.from ?? null,
          quietTo: next.quiet?.to ?? null,
          remindEveningBefore: next.reminders?.evening_before ?? true,
          remindHourBefore: next.reminders?.hour_before ?? true,
        }
        await tx
          .insert(notificationSettings)
          .values({ userId, ...columns, updatedAt: now })
          .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...columns, updatedAt: now } })
        return next
      })
    },

    async rememberLocale(userId: number, locale: Locale) {
      await db.update(users).set({ locale }).where(eq(users.id, userId))
    },
  }
}

/** Where and whether these people may get a fallback SMS, and how many they got (or have in flight) since `since`. */
async function smsContactsOf(db: Database, userIds: number[], since: Date) {
  if (userIds.length === 0) return []
  const sent = db
    .select({ userId: notifications.userId, count: sql<number>`count(*)::int`.as('count') })
    .from(notifications)
    .where(
      and(
        sql`${notifications.userId} = any(${intArray(userIds)})`,
        inArray(notifications.smsState, ['sent', 'sending']),
        gt(notifications.smsSentAt, since),
      ),
    )
    .groupBy(notifications.userId)
    .as('sent')
  const rows = await db
    .select({
      userId: users.id,
      phone: users.phone,
      locale: users.locale,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      smsFallback: notificationSettings.smsFallback,
      sentToday: sql<number>`coalesce(${sent.count}, 0)`,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .leftJoin(sent, eq(sent.userId, users.id))
    .where(sql`${users.id} = any(${intArray(userIds)})`)
  return rows.map((row) => ({ ...row, sentToday: Number(row.sentToday) }))
}

/** The SMS fallback's queue: a due notification claimed, checked, then sent and recorded, or given back. */
function smsFallbackQueries(db: Database) {
  return {
    /**
     * Takes the earliest due fallback notification for this process alone (rows another process holds are skipped)
     * and decides it under its person's lock, so two processes never pass the daily limit between them: it is
     * claimed (`sending`, counted in the limit from now on) or settled as `skipped`, in one transaction.
     */
    async claimNextDueSms(dueBefore: Date, limits: { since: Date; perDay: number; now: Date }) {
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: notifications.id, userId: notifications.userId })
          .from(notifications)
          .where(
            and(
              eq(notifications.smsState, 'pending'),
              lte(notifications.createdAt, dueBefore),
              isNull(notifications.readAt),
            ),
          )
          .orderBy(asc(notifications.createdAt), asc(notifications.id))
          .limit(1)
          .for('update', { skipLocked: true })
        if (!due) return undefined
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-fallback:${due.userId}`}))`)
        const [contact] = await smsContactsOf(tx as unknown as Database, [due.userId], limits.since)
        const [row] = await tx
          .select({
            id: notifications.id,
            userId: notifications.userId,
            kind: notifications.kind,
            params: notifications.params,
            link: notifications.link,
            current: sql<boolean>`${stillCurrent}`,
          })
          .from(notifications)
          .where(eq(notifications.id, due.id))
        const claimable =
          contact !== undefined &&
          !contact.deleted &&
          (contact.smsFallback ?? DEFAULT_SMS_FALLBACK) &&
          contact.sentToday < limits.perDay &&
          row?.current === true
        await tx
          .update(notifications)
          .set(claimable ? { smsState: 'sending', smsSentAt: limits.now } : { smsState: 'skipped' })
          .where(eq(notifications.id, due.id))
        return { notification: row!, contact: claimable ? contact : undefined }
      })
    },

    /**
     * Claims older than `claimedBefore` still `sending`: their process died while the SMS was with the provider.
     * They count as handed over (`sent`) and are never sent again; the number is for the log and the metric.
     */
    async settleStaleSmsClaims(claimedBefore: Date) {
      const rows = await db
        .update(notifications)
        .set({ smsState: 'sent' })
        .where(and(eq(notifications.smsState, 'sending'), lt(notifications.smsSentAt, claimedBefore)))
        .returning({ id: notifications.id })
      return rows.length
    },

    /** Whether a claimed notification may still become an SMS, read from its order as it is now. */
    async stillCurrent(id: number) {
      const [row] = await db
        .select({ current: sql<boolean>`${stillCurrent}` })
        .from(notifications)
        .where(eq(notifications.id, id))
      return row?.current === true
    },

    /**
     * An order moved on: its notifications waiting for the SMS fallback that no longer tell the truth about it are
     * settled (`skipped`). One it made just now for its new state (a new choice, a cancel) keeps waiting.
     */
    async settleOutdatedSms(orderId: number) {
      await db
        .update(notifications)
        .set({ smsState: 'skipped' })
        .where(
          and(eq(notifications.smsState, 'pending'), eq(notifications.orderId, orderId), not(stillCurrent)),
        )
    },

    async markSmsSent(id: number, at: Date) {
      await db.update(notifications).set({ smsState: 'sent', smsSentAt: at }).where(eq(notifications.id, id))
    },

    /** Retention: read notifications older than `readBefore`, unread ones older than `unreadBefore`. */
    async deleteOld(readBefore: Date, unreadBefore: Date) {
      const read = await db
        .delete(notifications)
        .where(and(sql`${notifications.readAt} is not null`, lt(notifications.createdAt, readBefore)))
        .returning({ id: notifications.id })
      const unread = await db
        .delete(notifications)
        .where(and(isNull(notifications.readAt), lt(notifications.createdAt, unreadBefore)))
        .returning({ id: notifications.id })
      return { read_notifications: read.length, unread_notifications: unread.length }
    },

    /** Gives a claimed notification back to the next run (the provider refused or was away). */
    async releaseSms(id: number) {
      await db
        .update(notifications)
        .set({
          smsState: sql`case when ${notifications.readAt} is null then 'pending' else 'skipped' end`,
          smsSentAt: null,
        })
        .where(eq(notifications.id, id))
    },
  }
}
