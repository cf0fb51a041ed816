import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { NotificationsService } from './service.ts'

/** The bell and its settings; texts are written in the caller's Accept-Language. */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
) {
  contractRoute(app, endpoints.notifications, ({ query, request }) =>
    notifications.list(request.user!, query, request.locale),
  )
  contractRoute(app, endpoints.readNotification, ({ params, request }) =>
    notifications.markRead(params.id, request.user!, request.locale),
  )
  contractRoute(app, endpoints.readAllNotifications, ({ request }) =>
    notifications.markAllRead(request.user!),
  )
  contractRoute(app, endpoints.notificationSettings, ({ request }) => notifications.settings(request.user!))
  contractRoute(app, endpoints.updateNotificationSettings, ({ body, request }) =>
    notifications.updateSettings(request.user!, body),
  )
}
