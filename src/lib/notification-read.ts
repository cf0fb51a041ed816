import { notificationEndpoints } from '#contract/notification-endpoints.ts'
import { api } from './api.ts'

/**
 * `PUT /profile/notification/status/{id}`. Its own module, imported on demand, so that the notification schemas
 * and their call come as one chunk over the API client the page already has.
 */
export const markNotificationRead = (id: number) =>
  api.call(notificationEndpoints.readNotification, { params: { id } })
