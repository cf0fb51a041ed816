import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import {
  Ban,
  BadgeCheck,
  CircleCheck,
  CircleX,
  ClipboardList,
  ListPlus,
  ListX,
  MessageCircle,
  MessageSquareText,
  ShieldAlert,
  ShieldCheck,
  Star,
  UserCheck,
  type LucideIcon,
  Truck,
  MapPin,
  CalendarClock,
  AlarmClock,
} from 'lucide-react'
import type { MouseEvent } from 'react'
import type { Notification, NotificationKind } from '#contract/schemas/notifications.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { appPath, markRead } from '../actions.ts'
import { useRelativeTime } from '../use-relative-time.ts'

const KIND_ICONS: Record<NotificationKind, LucideIcon> = {
  new_order: ClipboardList,
  order_reply: MessageSquareText,
  executor_chosen: UserCheck,
  order_accepted: CircleCheck,
  order_declined: CircleX,
  order_canceled: Ban,
  order_completed: BadgeCheck,
  review_received: Star,
  chat_message: MessageCircle,
  verification_approved: ShieldCheck,
  verification_denied: ShieldAlert,
  moderator_warning: ShieldAlert,
  service_approved: ListPlus,
  service_rejected: ListX,
  order_on_my_way: Truck,
  order_arrived: MapPin,
  order_done: BadgeCheck,
  job_reminder_evening: CalendarClock,
  job_reminder_hour: AlarmClock,
}

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey

/**
 * One notification as a link to where it leads: the sender's picture or the kind's icon, the text, how long ago,
 * and whether it is unread (a dot for the eye, a word for screen readers). Following it marks it read (spec
 * section 4); a click with a modifier key opens it in a new tab as links do.
 */
export function NotificationLink({
  notification,
  unread,
  className,
  onFollow,
}: {
  notification: Notification
  unread: boolean
  className: string
  /** Called as the link is followed, e.g. to close the menu it sits in. */
  onFollow?: () => void
}) {
  const navigate = useNavigate()
  const relativeTime = useRelativeTime()
  const href = appPath(notification.link)
  const Icon = KIND_ICONS[notification.type_push]

  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    markRead(notification)
    onFollow?.()
    if (opensElsewhere(event)) return
    event.preventDefault()
    void navigate({ href })
  }

  return (
    <a
      href={href}
      className={`${className} notification${unread ? ' notification--unread' : ''}`}
      onClick={follow}
    >
      {notification.avatar ? (
        <img className="notification__picture" src={notification.avatar} alt="" width="36" height="36" />
      ) : (
        <span className="notification__picture notification__picture--icon" aria-hidden="true">
          <Icon />
        </span>
      )}
      <span className="notification__body">
        {unread && (
          <span className="visually-hidden">
            <Trans>Unread:</Trans>{' '}
          </span>
        )}
        <span className="notification__message">{notification.message}</span>{' '}
        <time
          className="notification__time"
          dateTime={notification.created_at}
          title={formatDateTime(notification.created_at)}
        >
          {relativeTime(notification.created_at)}
        </time>
      </span>
      {unread && <span className="notification__dot" aria-hidden="true" />}
    </a>
  )
}
