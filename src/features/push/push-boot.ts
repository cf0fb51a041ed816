import { useSession } from '#src/lib/session-store.ts'

// Called once the first screen has loaded (main.tsx waits for it), so the push code never competes with it.
const resync = () =>
  void import('./push-subscription.ts').then((push) => push.resyncPush()).catch(() => undefined)

// Only a browser that already allows notifications has anything to renew: nobody else fetches the push code.
const allowed = () => 'Notification' in window && Notification.permission === 'granted'

/** Keeps this device's push subscription known to the server for whoever is logged in, now and after a login. */
function keepPushInSync() {
  if (useSession.getState().token !== null && allowed()) resync()
  useSession.subscribe((state, previous) => {
    if (state.token !== null && previous.token === null && allowed()) resync()
  })
}

/**
 * Push on the page's side, started once the first screen has loaded (main.tsx): the subscription is renewed for a
 * logged-in person. (A clicked notification's page is opened by src/lib/sw-messages.ts, listening from the start.)
 */
export function startPush() {
  keepPushInSync()
}
