/**
 * The notifications area: domain events -> the notifier -> the bell, the sockets and browser push; the unread ones
 * that matter -> an SMS after a while (the SMS fallback). Takes the socket hub (realtime), the push delivery, the
 * SMS sender and who is promoted (promotion); gives `app.notifications` (chats mark a conversation's as read).
 */
import fp from 'fastify-plugin'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { PromotionService } from '#server/modules/promotion/service.ts'
import type { Realtime } from '#server/modules/realtime/socket-server.ts'
import { createNotifier } from './notifier.ts'
import type { PushDelivery, RealtimeHub } from './ports.ts'
import { createNotificationsRepository } from './repository.ts'
import { notificationRoutes } from './routes.ts'
import { createNotificationsService, type NotificationsService } from './service.ts'
import { createSmsFallback, settleAnsweredSms } from './sms-fallback.ts'

export type NotificationsContext = AreaContext & {
  realtime: Pick<Realtime, 'setHooks'>
  /** Where the notifier emits: the socket server's hub (or a test's that watches it). */
  hub: RealtimeHub
  push: PushDelivery
  sender: SmsSender
  promotedAmong: PromotionService['promotedAmong']
}
export type NotificationsPort = { service: NotificationsService }

export const notificationsArea = fp<NotificationsContext>(
  async (app, { database: { db }, config, clock, events, realtime, hub, push, sender, promotedAmong }) => {
    const repo = createNotificationsRepository(db)
    const notifications = createNotificationsService({
      repo,
      realtime: hub,
      clock,
      runSmsFallback: createSmsFallback({
        repo,
        sender,
        clock,
        config: {
          publicUrl: config.PUBLIC_URL,
          afterMinutes: config.SMS_FALLBACK_MINUTES,
          perDay: config.SMS_FALLBACK_PER_DAY,
        },
        onError: (error) => app.log.error({ err: error }, 'fallback SMS failed'),
      }),
    })
    events.subscribe(
      createNotifier({
        repo,
        realtime: hub,
        push,
        clock,
        promotedAmong,
        onError: (error, channel) => app.log.error({ err: error, channel }, 'notification delivery failed'),
      }),
    )
    // A step of an order answers its "you were chosen" or "cancelled" still waiting to become an SMS.
    events.subscribe(settleAnsweredSms(repo))
    // Notifications still being written finish before the database closes.
    app.addHook('onClose', () => events.settled())
    await app.register(notificationRoutes, { notifications })
    // `connect_user` remembers the person's language (for texts sent outside the app) and answers the unread count.
    realtime.setHooks({
      onUserConnected: (userId, locale) =>
        locale ? notifications.rememberLocale(userId, locale) : undefined,
      unreadCount: (userId) => notifications.unreadCount(userId),
    })
    app.decorate('notifications', { service: notifications } satisfies NotificationsPort)
  },
  { name: 'notifications-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsPort
  }
}
