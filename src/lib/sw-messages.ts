import { isLoggedIn } from './session-store.ts'

/** Fired on window with the notification's id once a push notification clicked in the worker was marked read. */
export const NOTIFICATION_READ_EVENT = 'fika:notification-read'

type Navigate = { type: 'NAVIGATE'; to: string; id?: number }

const isNavigate = (data: unknown): data is Navigate =>
  typeof data === 'object' &&
  data !== null &&
  (data as Navigate).type === 'NAVIGATE' &&
  typeof (data as Navigate).to === 'string' &&
  // Only a path of this app: the worker resolves it so, and a message is no reason to trust it.
  /^\/(?!\/)/.test((data as Navigate).to)

async function markRead(id: number) {
  // The notification calls are fetched only when a clicked notification needs them, not with the first screen.
  const { markNotificationRead } = await import('./notification-read.ts')
  await markNotificationRead(id)
  window.dispatchEvent(new CustomEvent(NOTIFICATION_READ_EVENT, { detail: { id } }))
}

/**
 * A push notification clicked while the app is open: the service worker focuses this window and posts
 * `{ type: 'NAVIGATE', to, id }` (service-worker/push.ts); the app moves there without reloading and marks the
 * notification read for the person logged in.
 */
export function listenToServiceWorker(navigate: (to: string) => void) {
  if (!('serviceWorker' in navigator)) return () => undefined
  const onMessage = (event: MessageEvent) => {
    if (!isNavigate(event.data)) return
    navigate(event.data.to)
    const { id } = event.data
    if (typeof id === 'number' && Number.isInteger(id) && id > 0 && isLoggedIn())
      void markRead(id).catch(() => undefined)
  }
  navigator.serviceWorker.addEventListener('message', onMessage)
  return () => navigator.serviceWorker.removeEventListener('message', onMessage)
}
