import type { Notification } from '#contract/schemas/notifications.ts'
import { V1 } from './helpers.tsx'

export const NOTIFICATIONS = `${V1}/profile/notification`
export const READ_ALL = `${V1}/profile/notification/status`
export const readOne = (id: number) => `${V1}/profile/notification/status/${id}`

const FIVE_MINUTES_MS = 5 * 60_000

/** A notification as the server writes it: a new order, unread, five minutes old. */
export const notificationOf = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type_push: 'new_order',
  status: 'active',
  message: `Новый заказ №${id}: заменить проводку`,
  link: `/order/${id}`,
  avatar: null,
  created_at: new Date(Date.now() - FIVE_MINUTES_MS).toISOString(),
  ...overrides,
})

/** GET /profile/notification's answer. */
export const pageOf = (
  collection: Notification[],
  meta: { page?: number; perPage?: number; total?: number; unread: number; next_cursor?: string | null },
) => ({
  json: {
    collection,
    meta: {
      page: meta.page ?? 1,
      perPage: meta.perPage ?? 5,
      total: meta.total ?? collection.length,
      unread: meta.unread,
      next_cursor: meta.next_cursor ?? null,
    },
  },
})
