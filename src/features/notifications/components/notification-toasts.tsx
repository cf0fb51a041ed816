import { useLingui } from '@lingui/react/macro'
import { X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import type { Notification } from '#contract/schemas/notifications.ts'
import { isUnread, TOAST_MS, useNotifications } from '../store.ts'
import { NotificationLink } from './notification-link.tsx'

/**
 * Each notification that arrives while the app is open, for 10 s (spec section 9), newest at the bottom. A live
 * region (role log: additions are read out, one by one) that exists before the first toast, so screen readers
 * announce them. Mounted once, with the logged-in header.
 */
export function NotificationToasts() {
  const { t } = useLingui()
  const toasts = useNotifications((state) => state.toasts)
  const readIds = useNotifications((state) => state.readIds)
  return createPortal(
    <div className="toasts" role="log" aria-live="polite" aria-label={t`New notifications`}>
      {toasts.map((notification) => (
        <Toast key={notification.id} notification={notification} unread={isUnread(notification, readIds)} />
      ))}
    </div>,
    document.body,
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
      className="toast"
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
        className="toast__link"
        onFollow={() => dismiss(notification.id)}
      />
      <button
        type="button"
        className="toast__close"
        aria-label={t`Close the notification`}
        onClick={() => dismiss(notification.id)}
      >
        <X aria-hidden="true" />
      </button>
    </div>
  )
}
