import { Trans } from '@lingui/react/macro'
import { useSyncExternalStore } from 'react'

const subscribe = (notify: () => void) => {
  window.addEventListener('online', notify)
  window.addEventListener('offline', notify)
  return () => {
    window.removeEventListener('online', notify)
    window.removeEventListener('offline', notify)
  }
}

/** Tells the person the network is gone, so that a screen waiting on the server does not look broken. */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
  if (online) return null
  return (
    <p className="offline-notice" role="status">
      <Trans>No internet connection. You see what was saved on this device.</Trans>
    </p>
  )
}
