import { Trans, useLingui } from '@lingui/react/macro'
import { CheckCheck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { Notification } from '#contract/schemas/notifications.ts'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { useSession } from '#src/lib/session-store.ts'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { markAllRead } from '../actions.ts'
import { notificationsApi } from '../api/notifications-api.ts'
import '../notifications.css'
import { isUnread, useNotifications } from '../store.ts'
import { NotificationLink } from './notification-link.tsx'

export const PER_PAGE = 20

/**
 * /notifications: every notification, newest first, 20 at a time, unread ones marked; each leads where it is
 * about and is read on the way. `intro` sits above the list (the browser push offer, from its own feature).
 */
export function NotificationsScreen({ intro }: { intro?: ReactNode }) {
  const { t } = useLingui()
  const userId = useSession((state) => state.profile?.id ?? 0)
  const readIds = useNotifications((state) => state.readIds)
  const unread = useNotifications((state) => state.unread)
  const allReadCount = useNotifications((state) => state.allReadCount)
  const [marking, setMarking] = useState<'idle' | 'busy' | 'failed' | 'offline'>('idle')

  const list = usePagedList<Notification>(
    `notifications:${userId}`,
    async (page, cursor) => {
      const answer = await notificationsApi.page(userId, page, PER_PAGE, cursor)
      if (!answer.saved) useNotifications.getState().setUnread(answer.data.meta.unread)
      return {
        items: answer.data.collection,
        total: answer.data.meta.total,
        savedAt: answer.saved ? answer.savedAt : null,
        nextCursor: answer.data.meta.next_cursor,
      }
    },
    PER_PAGE,
  )

  // "Mark all read" (here or in the bell) read what this list showed by then; what loads after it comes from the
  // server as it is.
  const [readAll, setReadAll] = useState({ count: allReadCount, ids: new Set<number>() })
  if (readAll.count !== allReadCount) {
    setReadAll({ count: allReadCount, ids: new Set(list.items.map((item) => item.id)) })
  }
  const shownUnread = (notification: Notification) =>
    !readAll.ids.has(notification.id) && isUnread(notification, readIds)
  const anyUnread = (unread ?? 0) > 0 || list.items.some(shownUnread)

  const markAll = () => {
    if (!anyUnread || marking === 'busy') return
    setMarking('busy')
    markAllRead()
      .then(() => setMarking('idle'))
      .catch((error: unknown) =>
        setMarking(error instanceof ApiError && error.status === 0 ? 'offline' : 'failed'),
      )
  }

  return (
    <ScreenLayout title={t`Notifications`}>
      {intro}
      {list.status === 'loading' ? (
        <p role="status">
          <Trans>Loading notifications…</Trans>
        </p>
      ) : list.status === 'failed' ? (
        <div role="alert" className="notifications__problem">
          <p>
            {list.offline ? (
              <Trans>
                No internet connection, and your notifications have not been saved on this device yet.
              </Trans>
            ) : (
              <Trans>The notifications could not be loaded.</Trans>
            )}
          </p>
          <button type="button" className="button" onClick={list.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <section aria-labelledby="notifications-list-title">
          <div className="notifications__toolbar">
            <h2 id="notifications-list-title" className="visually-hidden">
              <Trans>All notifications</Trans>
            </h2>
            {list.items.length > 0 && (
              // aria-disabled, not disabled: the button keeps the focus of whoever pressed it.
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={markAll}
                aria-disabled={!anyUnread || marking === 'busy'}
              >
                <CheckCheck aria-hidden="true" />
                <Trans>Mark all read</Trans>
              </button>
            )}
          </div>
          {(marking === 'failed' || marking === 'offline') && (
            <p role="alert" className="notifications__problem">
              {marking === 'offline' ? (
                <Trans>
                  No internet connection: the notifications were not marked read. Try again when it is back.
                </Trans>
              ) : (
                <Trans>The notifications could not be marked read. Try again.</Trans>
              )}
            </p>
          )}
          {list.savedAt !== null && <SavedNotice savedAt={list.savedAt} />}
          {list.items.length === 0 ? (
            <div className="notifications__empty">
              <p>
                <Trans>No notifications yet.</Trans>
              </p>
              <p>
                <Trans>New orders, replies and messages will be listed here as they come.</Trans>
              </p>
            </div>
          ) : (
            <ul className="notifications__list">
              {list.items.map((notification) => (
                <li key={notification.id}>
                  <NotificationLink
                    notification={notification}
                    unread={shownUnread(notification)}
                    className="notifications__item"
                  />
                </li>
              ))}
            </ul>
          )}
          <PagedListEnd
            list={list}
            problemClassName="notifications__problem"
            failed={
              list.offline ? (
                <Trans>No internet connection: the next notifications could not be loaded.</Trans>
              ) : (
                <Trans>The next notifications could not be loaded.</Trans>
              )
            }
            label={<Trans>Show more notifications</Trans>}
          />
        </section>
      )}
    </ScreenLayout>
  )
}
