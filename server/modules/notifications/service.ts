import type {
  Notification,
  NotificationSettings,
  NotificationSettingsBody,
} from '#contract/schemas/notifications.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { RealtimeHub } from './ports.ts'
import { planRequired } from '#server/modules/wallet/entitlements.ts'
import { presentNotification } from './present.ts'
import type { NotificationsRepository } from './repository.ts'
import { applyChange, withDefaults } from './settings.ts'

type Deps = {
  repo: NotificationsRepository
  realtime: RealtimeHub
  clock: Clock
  runSmsFallback: () => Promise<{ sent: number; skipped: number; failed: number }>
  /** Of these people, those whose plan has convenient notifications (quiet hours are one of them). */
  professionalsAmong: (userIds: number[]) => Promise<number[]>
}

/** The bell: a person's own notifications, their read state and their switches (spec sections 3, 4 and 9). */
export function createNotificationsService({
  repo,
  realtime,
  clock,
  runSmsFallback,
  professionalsAmong,
}: Deps) {
  /** The person's other devices redraw their bell. */
  async function tellUnread(userId: number) {
    const unread = await repo.unreadCount(userId)
    realtime.unreadChanged(userId, { unread })
    return unread
  }

  return {
    async list(caller: UserRow, query: { page: number; perPage: number; cursor?: string }, locale: Locale) {
      const { perPage } = query
      const at =
        query.cursor === undefined
          ? { offset: (query.page - 1) * perPage }
          : { afterId: decodeCursor(query.cursor, ['number'])[0] as number }
      const { rows, total, unread } = await repo.page(caller.id, perPage, at)
      const last = rows.length > perPage ? rows[perPage - 1] : undefined
      return {
        collection: rows.slice(0, perPage).map((row) => presentNotification(row, locale)),
        meta: {
          page: query.page,
          perPage,
          total,
          unread,
          next_cursor: last ? encodeCursor([last.id]) : null,
        },
      }
    },

    /** Someone else's notification, like one that does not exist, is not found. */
    async markRead(id: number, caller: UserRow, locale: Locale): Promise<Notification> {
      const row = await repo.markRead(id, caller.id, clock.now())
      if (!row) throw new AppError('not_found', 'not_found')
      await tellUnread(caller.id)
      return presentNotification(row, locale)
    },

    async markAllRead(caller: UserRow) {
      await repo.markAllRead(caller.id, clock.now())
      return { unread: await tellUnread(caller.id) }
    },

    async settings(caller: UserRow): Promise<NotificationSettings> {
      return withDefaults(await repo.settingsOf(caller.id))
    },

    /** Setting quiet hours needs the plan (decision 016); taking them off never does. */
    async updateSettings(caller: UserRow, change: NotificationSettingsBody): Promise<NotificationSettings> {
      if (change.quiet_hours && (await professionalsAmong([caller.id])).length === 0)
        throw planRequired('smart_notifications', 'quiet_hours')
      return withDefaults(
        await repo.updateSettings(caller.id, (stored) => applyChange(stored, change), clock.now()),
      )
    },

    unreadCount: (userId: number) => repo.unreadCount(userId),

    /** Reading a conversation reads its "new message" notifications: the bell does not repeat what was seen. */
    async conversationRead(userId: number, chatId: number) {
      if ((await repo.markReadByLink(userId, `/chats/${chatId}`, clock.now())) > 0) await tellUnread(userId)
    },

    /** The language the person's app speaks now: what reaches them outside it (SMS, their socket) uses it. */
    rememberLocale: (userId: number, locale: Locale) => repo.rememberLocale(userId, locale),

    runSmsFallback,
  }
}
export type NotificationsService = ReturnType<typeof createNotificationsService>
