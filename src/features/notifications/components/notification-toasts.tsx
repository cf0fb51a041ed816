import { useLingui } from '@lingui/react/macro'
import { X } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { Notification } from '#contract/schemas/notifications.ts'
import { isUnread, TOAST_MS, useNotifications } from '../store.ts'
import { NotificationLink } from './notification-link.tsx'

/**
 * Each notification that arrives while the app is open, for 10 s (spec section 9), stacked below the header. A
 * live region (role log: additions are read out, one by one) that exists before the first toast, so screen
 * readers announce them. Mounted once, with the logged-in header.
 */
export function NotificationToasts() {
  const { t } = useLingui()
  const toasts = useNotifications((state) => state.toasts)
  const readIds = useNotifications((state) => state.readIds)
  // NOTE: no portal: react-dom's createPortal would move react-dom's small public module out of the entry chunk
  // into one more file on the first load of `/`. Fixed positioning places the region from inside the header.
  return (
    <div className="notification-toasts" role="log" aria-live="polite" aria-label={t`New notifications`}>
      {toasts.map((notification) => (
        <Toast key={notification.id} notification={notification} unread={isUnread(notification, readIds)} />
      ))}
    </div>
  )
}

function Toast({ notification, unread }: { notification: Notification; unread: boolean }) {
  const { t } = useLingui()
  const dismiss = useNotifications((state) => state.dismissToast)
  // The time does not run out under the pointer or the keyboard focus of someone reading or about to click it.
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (held) return
    const timer = setTimeout(() => dismiss(notification.id), TOAST_MS)
    return () => clearTimeout(timer)
  }, [held, dismiss, notification.id])

  return (
    <div
      className="notification-toast"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false)
      }}
    >
      <NotificationLink
        notification={notification}
        unread={unread}
        className="notification-toast__link"
        onFollow={() => dismiss(notification.id)}
      />
      <button
        type="button"
        className="notification-toast__close"
        aria-label={t`Close the notification`}
        onClick={() => dismiss(notification.id)}
      >
        <X aria-hidden="true" />
      </button>
    </div>
  )
}
