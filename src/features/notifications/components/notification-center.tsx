import { useEffect } from 'react'
import { connectAfterFirstLoad, loadLatest } from '../actions.ts'
import '../notifications.css'
import { NotificationBell } from './notification-bell.tsx'
import { NotificationToasts } from './notification-toasts.tsx'

/**
 * Notifications in the logged-in header: the bell, the toasts, and the live connection. The count is loaded at
 * once so the bell is right before the socket (which starts after the first screen) takes over. Its messages
 * are the caller's to load (loadNotificationsCatalog), together with the header's own.
 */
export function NotificationCenter() {
  useEffect(() => {
    // A failure leaves the badge off; opening the bell tries again and says what went wrong.
    loadLatest().catch(() => undefined)
    connectAfterFirstLoad()
  }, [])
  return (
    <>
      <NotificationBell />
      <NotificationToasts />
    </>
  )
}
