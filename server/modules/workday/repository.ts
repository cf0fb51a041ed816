// The only code of the working day touching tables: the specialist's accepted orders by start, their steps and
// customers, the busy events accepted orders put in the calendar, the reminders sent and the calendar feeds.
import { and, asc, eq, getTableColumns, gt, inArray, lt, or, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { notificationSettings } from '#server/db/schema/notifications.ts'
import { orders } from '#server/db/schema/orders.ts'
import { calendarEvents } from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { calendarFeeds, jobReminders, orderProgress } from '#server/db/schema/workday.ts'
import type { OrderRow } from '#server/db/rows/orders.ts'

/** An accepted order's statuses: the specialist's job, past or coming (server/modules/orders/privacy.ts). */
export const JOB_STATUSES = ['in_progress', 'completed'] as const
/** A job with no end written is taken to last this long (its busy time, the reminders' window, the feed). */
export const JOB_DEFAULT_MS = 3600 * 1000

// Every column but `spot`, which is lng and lat again, for the indexes' sake.
const { spot: _spot, ...orderColumns } = getTableColumns(orders)
const jobEnd = sql`coalesce(${orders.endedAt}, ${orders.startedAt} + interval '1 hour')`

export type JobKey = { startedAt: Date; id: number }

export function createWorkdayRepository(db: Database) {
  return {
    /** The specialist's accepted jobs meeting [from, to), by start then id, after `after`; `limit` of them. */
    async jobsWithin(executorId: number, from: Date, to: Date, limit: number, after?: JobKey) {
      return db
        .select(orderColumns)
        .from(orders)
        .where(
          and(
            eq(orders.executorId, executorId),
            inArray(orders.status, [...JOB_STATUSES]),
            lt(orders.startedAt, to),
            sql`${jobEnd} > ${from.toISOString()}::timestamptz`,
            after &&
              or(
                gt(orders.startedAt, after.startedAt),
                and(eq(orders.startedAt, after.startedAt), gt(orders.id, after.id)),
              ),
          ),
        )
        .orderBy(asc(orders.startedAt), asc(orders.id))
        .limit(limit) as Promise<OrderRow[]>
    },

    /** The steps of these orders, oldest first. */
    async progressOf(orderIds: number[]) {
      if (orderIds.length === 0) return []
      return db
        .select()
        .from(orderProgress)
        .where(inArray(orderProgress.orderId, orderIds))
        .orderBy(asc(orderProgress.orderId), asc(orderProgress.rank))
    },

    /** What an accepted specialist is shown of customers: their name and phone (as `contact` on the order). */
    async contactsOf(userIds: number[]) {
      if (userIds.length === 0) return []
      return db
        .select({ id: users.id, name: users.name, surname: users.surname, phone: users.phone })
        .from(users)
        .where(inArray(users.id, userIds))
    },

    /** The accepted order's busy time in its specialist's calendar; once per order, whatever replays it. */
    async addBusy(order: { id: number; executorId: number; title: string; startedAt: Date; endedAt: Date }) {
      await db
        .insert(calendarEvents)
        .values({
          userId: order.executorId,
          orderId: order.id,
          title: order.title,
          startedAt: order.startedAt,
          endedAt: order.endedAt,
          period: 'once',
        })
        .onConflictDoNothing()
    },

    async removeBusy(orderId: number) {
      await db.delete(calendarEvents).where(eq(calendarEvents.orderId, orderId))
    },

    /**
     * The in-progress jobs starting within [from, to) whose `kind` reminder has not gone to their specialist and
     * who did not switch it off.
     */
    async dueReminders(kind: 'evening_before' | 'hour_before', from: Date, to: Date) {
      const switchedOn =
        kind === 'evening_before'
          ? sql`coalesce(${notificationSettings.remindEveningBefore}, true)`
          : sql`coalesce(${notificationSettings.remindHourBefore}, true)`
      return db
        .select(orderColumns)
        .from(orders)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, orders.executorId))
        .where(
          and(
            eq(orders.status, 'in_progress'),
            sql`${orders.startedAt} >= ${from.toISOString()}::timestamptz`,
            lt(orders.startedAt, to),
            switchedOn,
            sql`not exists (select 1 from ${jobReminders} where ${jobReminders.orderId} = ${orders.id}
                  and ${jobReminders.executorId} = ${orders.executorId} and ${jobReminders.kind} = ${kind})`,
          ),
        ) as Promise<OrderRow[]>
    },

    /** Claims a reminder: true once per order, specialist and kind, however many runs race for it. */
    async claimReminder(
      orderId: number,
      executorId: number,
      kind: 'evening_before' | 'hour_before',
      at: Date,
    ) {
      const claimed = await db
        .insert(jobReminders)
        .values({ orderId, executorId, kind, sentAt: at })
        .onConflictDoNothing()
        .returning({ orderId: jobReminders.orderId })
      return claimed.length > 0
    },

    /** Replaces the user's feed token (the old one stops working in the same statement). */
    async setFeed(userId: number, tokenHash: string, at: Date) {
      await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash, createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: at } })
    },

    async deleteFeed(userId: number) {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))
    },

    /** Whose feed a token's hash opens, if any. */
    async feedOwner(tokenHash: string) {
      const [row] = await db
        .select({ userId: calendarFeeds.userId })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.tokenHash, tokenHash))
      return row?.userId
    },

    /** The specialist's accepted jobs with a start, earliest first, from `since` on (the feed). */
    async feedJobs(executorId: number, since: Date, limit: number) {
      return db
        .select(orderColumns)
        .from(orders)
        .where(
          and(
            eq(orders.executorId, executorId),
            inArray(orders.status, [...JOB_STATUSES]),
            sql`${jobEnd} > ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(orders.startedAt), asc(orders.id))
        .limit(limit) as Promise<OrderRow[]>
    },
  }
}
export type WorkdayRepository = ReturnType<typeof createWorkdayRepository>
