import { notificationEndpoints as calls } from '#contract/notification-endpoints.ts'
import type { PushSubscriptionBody } from '#contract/schemas/notifications.ts'
import { api } from '#src/lib/api.ts'

/** The push calls of contract/notification-endpoints.ts. */
export const pushApi = {
  config: () => api.call(calls.pushConfig),
  subscribe: (body: PushSubscriptionBody) => api.call(calls.subscribePush, { body }),
  /** `id` is the Web Push endpoint or the FCM token. */
  unsubscribe: (id: string) => api.call(calls.unsubscribePush, { body: { endpoint: id } }),
}
