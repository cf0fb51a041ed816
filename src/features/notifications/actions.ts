import type { Notification } from '#contract/schemas/notifications.ts'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { notificationsApi } from './api/notifications-api.ts'
import { BELL_SIZE, isUnread, useNotifications } from './store.ts'

/** The bell's newest few and the unread count, from the server. */
export async function loadLatest() {
  const answer = await notificationsApi.latest(BELL_SIZE)
  useNotifications.getState().setLatest(answer.collection, answer.meta.unread)
}

/**
 * Marks one read (spec section 4) at once on screen, so the person who clicked goes on without waiting; the count
 * comes back if the server could not be told.
 */
export function markRead(notification: Notification) {
  const store = useNotifications.getState()
  if (!isUnread(notification, store.readIds)) return
  store.markedRead(notification)
  notificationsApi.read(notification.id).catch(() => useNotifications.getState().readFailed(notification))
}

/** Marks all read on the server; throws (ApiError) when it could not, for the screen to say so. */
export async function markAllRead() {
  const { unread } = await notificationsApi.readAll()
  useNotifications.getState().allMarkedRead(unread)
}

/**
 * The socket client (and socket.io-client with it) loads after the first screen, for a logged-in person only: the
 * first load stays within its budget, and the count is already right from `loadLatest` meanwhile.
 */
export function connectAfterFirstLoad() {
  // NOTE: the refresh is handed over rather than imported by realtime.ts: a module of the first screen that a lazy
  // chunk imports on its own is split from its chunk into one more file that `/` loads.
  afterFirstLoad(async () => (await import('./realtime.ts')).startRealtime(refreshSession))
}

/**
 * Where a notification leads: an app path. Anything else (the contract promises none) goes to the list instead
 * of to another site; `/\` counts as another site because browsers read it as `//`.
 */
export const appPath = (link: string) => (/^\/(?![/\\])/.test(link) ? link : '/notifications')
