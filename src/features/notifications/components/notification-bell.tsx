import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import { useCallback, useId, useRef, useState } from 'react'
import { useDismiss } from '#src/components/use-dismiss.ts'
import { formatNumber } from '#src/lib/format.ts'
import { loadLatest, markAllRead } from '../actions.ts'
import { isUnread, useNotifications } from '../store.ts'
import { NotificationLink } from './notification-link.tsx'

/** A badge wider than "99+" would cover the header's next button. */
const BADGE_MAX = 99

/**
 * The header's bell (spec sections 1 and 9): the unread count as a badge and in the button's name; it opens the
 * newest 5, each a link that marks it read, with "All notifications" and "Mark all read". Escape closes it and
 * puts the focus back on the bell.
 */
export function NotificationBell() {
  const { t } = useLingui()
  const unread = useNotifications((state) => state.unread)
  const latest = useNotifications((state) => state.latest)
  const readIds = useNotifications((state) => state.readIds)
  const [open, setOpen] = useState(false)
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle')
  const [markState, setMarkState] = useState<'idle' | 'busy' | 'failed'>('idle')
  const ref = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const titleId = useId()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, ref, close, buttonRef)

  const refresh = useCallback(() => {
    setStatus('loading')
    loadLatest()
      .then(() => setStatus('idle'))
      .catch(() => setStatus('failed'))
  }, [])

  const toggle = () => {
    // The list may have changed since the header loaded it: opening shows the newest.
    if (!open) refresh()
    setOpen(!open)
  }

  const count = unread ?? 0
  const shown = formatNumber(count)

  const markAll = () => {
    if (count === 0 || markState === 'busy') return
    setMarkState('busy')
    markAllRead()
      .then(() => setMarkState('idle'))
      .catch(() => setMarkState('failed'))
  }

  const label = count > 0 ? t`Notifications, unread: ${shown}` : t`Notifications`

  return (
    <div className="bell" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        <Bell />
        {count > 0 && (
          <span className="bell__badge" aria-hidden="true">
            {count > BADGE_MAX ? `${BADGE_MAX}+` : shown}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} className="bell__panel" aria-labelledby={titleId}>
          <h2 id={titleId} className="bell__title">
            <Trans>Notifications</Trans>
          </h2>
          {latest === null ? (
            status === 'failed' ? (
              <div role="alert" className="bell__problem">
                <p>
                  <Trans>The notifications could not be loaded.</Trans>
                </p>
                <button type="button" className="link-button" onClick={refresh}>
                  <Trans>Try again</Trans>
                </button>
              </div>
            ) : (
              <p role="status" className="bell__status">
                <Trans>Loading…</Trans>
              </p>
            )
          ) : latest.length === 0 ? (
            <p className="bell__status">
              <Trans>No notifications yet.</Trans>
            </p>
          ) : (
            <ul className="bell__list">
              {latest.map((notification) => (
                <li key={notification.id}>
                  <NotificationLink
                    notification={notification}
                    unread={isUnread(notification, readIds)}
                    className="bell__item"
                    onFollow={close}
                  />
                </li>
              ))}
            </ul>
          )}
          {markState === 'failed' && (
            <p role="alert" className="bell__problem">
              <Trans>The notifications could not be marked read. Try again.</Trans>
            </p>
          )}
          <div className="bell__actions">
            <Link to="/notifications" className="bell__all" onClick={close}>
              <Trans>All notifications</Trans>
            </Link>
            {/* aria-disabled, not disabled: the button keeps the focus of whoever pressed it. */}
            <button
              type="button"
              className="link-button"
              onClick={markAll}
              aria-disabled={count === 0 || markState === 'busy'}
            >
              <Trans>Mark all read</Trans>
            </button>
          </div>
        </section>
      )}
    </div>
  )
}
