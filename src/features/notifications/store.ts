import { create } from 'zustand'
import type { Notification } from '#contract/schemas/notifications.ts'
import { useSession } from '#src/lib/session-store.ts'

/** The bell lists the newest 5 (spec section 9). */
export const BELL_SIZE = 5
/** A toast stays 10 s (spec section 9). */
export const TOAST_MS = 10_000
/** More toasts than this at once cover the screen: the oldest give way. */
const MAX_TOASTS = 3

type NotificationsState = {
  /** Unread notifications on the server; null until the first answer. */
  unread: number | null
  /** The bell's newest few; null until loaded. */
  latest: Notification[] | null
  /** Notifications that arrived over the socket and are still on screen, oldest first. */
  toasts: Notification[]
  /** Read on this device since their list was loaded: every list on screen shows them read. */
  readIds: ReadonlySet<number>
  /** Counts "mark all read": a list shows what it had loaded before it as read. */
  allReadCount: number
  setUnread: (unread: number) => void
  setLatest: (latest: Notification[], unread: number) => void
  received: (notification: Notification, unread: number) => void
  markedRead: (notification: Notification) => void
  readFailed: (notification: Notification) => void
  allMarkedRead: (unread: number) => void
  dismissToast: (id: number) => void
  reset: () => void
}

const EMPTY = {
  unread: null,
  latest: null,
  toasts: [],
  readIds: new Set<number>(),
  allReadCount: 0,
} satisfies Partial<NotificationsState>

/** Unread as this device knows it: the server said so and nobody has read it here since. */
export const isUnread = (notification: Notification, readIds: ReadonlySet<number>) =>
  notification.status === 'active' && !readIds.has(notification.id)

const withId = (ids: ReadonlySet<number>, id: number, present: boolean) => {
  const next = new Set(ids)
  if (present) next.add(id)
  else next.delete(id)
  return next
}

/** The bell's count and list, and the toasts: shared by the socket, the bell and /notifications. */
export const useNotifications = create<NotificationsState>()((set) => ({
  ...EMPTY,
  setUnread: (unread) => set({ unread }),
  setLatest: (latest, unread) => set({ latest, unread }),
  received: (notification, unread) =>
    set((state) => {
      // A repeat (a socket reconnect may replay one) neither toasts nor lists twice.
      if (state.latest?.some((known) => known.id === notification.id)) return { unread }
      return {
        unread,
        latest: state.latest && [notification, ...state.latest].slice(0, BELL_SIZE),
        toasts: [...state.toasts.filter((toast) => toast.id !== notification.id), notification].slice(
          -MAX_TOASTS,
        ),
      }
    }),
  markedRead: (notification) =>
    set((state) => ({
      unread:
        state.unread !== null && isUnread(notification, state.readIds)
          ? Math.max(0, state.unread - 1)
          : state.unread,
      readIds: withId(state.readIds, notification.id, true),
      toasts: state.toasts.filter((toast) => toast.id !== notification.id),
    })),
  readFailed: (notification) =>
    set((state) => ({
      unread: state.unread === null ? null : state.unread + 1,
      readIds: withId(state.readIds, notification.id, false),
    })),
  allMarkedRead: (unread) =>
    set((state) => ({
      unread,
      latest: state.latest && state.latest.map((item) => ({ ...item, status: 'read' as const })),
      toasts: state.toasts.map((item) => ({ ...item, status: 'read' as const })),
      allReadCount: state.allReadCount + 1,
    })),
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  reset: () => set({ ...EMPTY, readIds: new Set() }),
}))

// What one person was notified of is not shown to the next one who logs in on this device.
useSession.subscribe((session, previous) => {
  if (session.token === null && previous.token !== null) useNotifications.getState().reset()
})
