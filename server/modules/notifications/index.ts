/**
 * The notifications area: domain events -> the notifier -> the bell, the sockets, browser push and Telegram; the
 * unread ones that matter -> an SMS after a while (the SMS fallback). Takes the socket hub (realtime), the push and
 * Telegram deliveries, the SMS sender and who is promoted (promotion); gives `app.notifications` (chats mark a conversation's as read).
 */
import fp from 'fastify-plugin'
import { defineMorningDigest } from './morning-digest.ts'
import { daysAgo, defineRetention } from '#server/lib/retention.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import type { PromotionService } from '#server/modules/promotion/service.ts'
import type { Realtime } from '#server/modules/realtime/socket-server.ts'
import { createNotifier } from './notifier.ts'
import type { EmailDelivery, PushDelivery, RealtimeHub, TelegramDelivery } from './ports.ts'
import { createNotificationsRepository } from './repository.ts'
import { notificationRoutes } from './routes.ts'
import { createNotificationsService, type NotificationsService } from './service.ts'
import { createSmsFallback, scheduleSmsFallback, settleAnsweredSms } from './sms-fallback.ts'

export type NotificationsContext = AreaContext & {
  realtime: Pick<Realtime, 'setHooks'>
  /** Where the notifier emits: the socket server's hub (or a test's that watches it). */
  hub: RealtimeHub
  push: PushDelivery
  telegram: TelegramDelivery
  email: EmailDelivery
  sender: SmsSender
  promotedAmong: PromotionService['promotedAmong']
  /** Of these people, those whose plan has convenient notifications: a new order reaches them first. */
  professionalsAmong: (userIds: number[]) => Promise<number[]>
}
export type NotificationsPort = { service: NotificationsService }

export const notificationsArea = fp<NotificationsContext>(
  async (
    app,
    {
      database: { db },
      config,
      clock,
      events,
      jobs,
      metrics,
      realtime,
      hub,
      push,
      telegram,
      email,
      sender,
      promotedAmong,
      professionalsAmong,
    },
  ) => {
    const repo = createNotificationsRepository(db)
    const notifications = createNotificationsService({
      repo,
      realtime: hub,
      clock,
      professionalsAmong,
      runSmsFallback: createSmsFallback({
        repo,
        sender,
        clock,
        config: {
          publicUrl: config.PUBLIC_URL,
          afterMinutes: config.SMS_FALLBACK_MINUTES,
          perDay: config.SMS_FALLBACK_PER_DAY,
          leaseS: config.SMS_FALLBACK_LEASE_S,
        },
        metrics,
        log: app.log,
        onError: (error) => app.log.error({ err: error }, 'fallback SMS failed'),
      }),
    })
    events.subscribe(
      createNotifier({
        repo,
        realtime: hub,
        push,
        telegram,
        email,
        clock,
        promotedAmong,
        professionalsAmong,
        onError: (error, channel) => app.log.error({ err: error, channel }, 'notification delivery failed'),
      }),
    )
    defineMorningDigest({ jobs, db, clock, telegram })
    // A step of an order answers its "you were chosen" or "cancelled" still waiting to become an SMS.
    events.subscribe(settleAnsweredSms(repo))
    scheduleSmsFallback(jobs, () => notifications.runSmsFallback())
    defineRetention({ jobs, metrics, config }, 'notifications', () =>
      repo.deleteOld(
        daysAgo(clock, config.RETENTION_READ_NOTIFICATIONS_DAYS),
        daysAgo(clock, config.RETENTION_UNREAD_NOTIFICATIONS_DAYS),
      ),
    )
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
