import { notificationEndpoints as endpoints } from '#contract/notification-endpoints.ts'
import { api } from '#src/lib/api.ts'
import { savedCall } from '#src/lib/saved-call.ts'

const query = (page: number, perPage: number, cursor?: string) => ({
  page: String(page),
  perPage: String(perPage),
  ...(cursor !== undefined && { cursor }),
})

export const notificationsApi = {
  /** The newest few for the bell, with the unread count; always from the network. */
  latest: (perPage: number) => api.call(endpoints.notifications, { query: query(1, perPage) }),

  /**
   * A page of the full list, after `cursor` (the page before's `meta.next_cursor`) when given. The first one is
   * kept on the device under the reader's id, so the list opens without a network and one person never sees
   * another's on a shared phone.
   */
  page: (userId: number, page: number, perPage: number, cursor?: string) =>
    page === 1 && cursor === undefined
      ? savedCall(`notifications:${userId}`, () =>
          api.call(endpoints.notifications, { query: query(page, perPage) }),
        )
      : api
          .call(endpoints.notifications, { query: query(page, perPage, cursor) })
          .then((data) => ({ data, saved: false as const })),

  read: (id: number) => api.call(endpoints.readNotification, { params: { id } }),

  readAll: () => api.call(endpoints.readAllNotifications),
}
