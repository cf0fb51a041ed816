import * as v from 'valibot'
import {
  NotificationParamsSchema,
  NotificationSchema,
  NotificationSettingsBodySchema,
  NotificationSettingsSchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  PushConfigSchema,
  PushRenewBodySchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  UnreadResponseSchema,
} from './schemas/notifications.ts'
import { V1, type Endpoint } from './endpoint.ts'

/** The bell, its settings and browser push (spec sections 3, 4, 7, 9; docs/decisions/010-notifications.md). */
export const notificationEndpoints = {
  notifications: {
    method: 'GET',
    path: `${V1}/profile/notification`,
    summary: "The caller's notifications, newest first; meta.unread counts the unread ones",
    tag: 'notifications',
    auth: true,
    query: NotificationsQuerySchema,
    response: NotificationsResponseSchema,
  },
  readNotification: {
    method: 'PUT',
    path: `${V1}/profile/notification/status/{id}`,
    summary: 'Mark one of your notifications read',
    tag: 'notifications',
    auth: true,
    params: NotificationParamsSchema,
    response: NotificationSchema,
  },
  readAllNotifications: {
    method: 'PUT',
    path: `${V1}/profile/notification/status`,
    summary: 'Mark all your notifications read',
    tag: 'notifications',
    auth: true,
    response: UnreadResponseSchema,
  },
  notificationSettings: {
    method: 'GET',
    path: `${V1}/profile/notification/settings`,
    summary: 'Which kinds reach you on which channel, and the SMS fallback',
    tag: 'notifications',
    auth: true,
    response: NotificationSettingsSchema,
  },
  updateNotificationSettings: {
    method: 'PUT',
    path: `${V1}/profile/notification/settings`,
    summary: 'Change the switches you name; the others stay',
    tag: 'notifications',
    auth: true,
    body: NotificationSettingsBodySchema,
    response: NotificationSettingsSchema,
  },
  pushConfig: {
    method: 'GET',
    path: `${V1}/push/config`,
    summary:
      'How this server sends browser push: the VAPID public key, and the Firebase web config when FCM is used',
    tag: 'notifications',
    response: PushConfigSchema,
  },
  subscribePush: {
    method: 'POST',
    path: `${V1}/push/subscriptions`,
    summary:
      "Keep this device's push subscription (or FCM token) for the caller; the same endpoint again updates it",
    tag: 'notifications',
    auth: true,
    body: PushSubscriptionBodySchema,
    response: v.object({ ok: v.literal(true) }),
  },
  renewPush: {
    method: 'PUT',
    path: `${V1}/push/subscriptions`,
    summary:
      "The service worker's renewal after pushsubscriptionchange: the subscription of old_endpoint moves to the new one",
    tag: 'notifications',
    body: PushRenewBodySchema,
    response: v.object({ ok: v.literal(true) }),
  },
  unsubscribePush: {
    method: 'DELETE',
    path: `${V1}/push/subscriptions`,
    summary: "Forget this device's subscription (endpoint or FCM token)",
    tag: 'notifications',
    auth: true,
    body: PushUnsubscribeBodySchema,
    response: v.object({ ok: v.literal(true) }),
  },
} as const satisfies Record<string, Endpoint>
