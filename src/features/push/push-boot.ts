import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { useSession } from '#src/lib/session-store.ts'

const resync = () => afterFirstLoad(async () => (await import('./push-subscription.ts')).resyncPush())

// Only a browser that already allows notifications has anything to renew: nobody else fetches the push code.
const allowed = () => 'Notification' in window && Notification.permission === 'granted'

/**
 * Keeps this device's push subscription known to the server for whoever is logged in: after the first load, and
 * after a login. The module is tiny on purpose: it runs with the first screen.
 */
export function keepPushInSync() {
  if (useSession.getState().token !== null && allowed()) resync()
  useSession.subscribe((state, previous) => {
    if (state.token !== null && previous.token === null && allowed()) resync()
  })
}
