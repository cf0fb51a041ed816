import { Trans, useLingui } from '@lingui/react/macro'
import { CheckCheck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { Notification } from '#contract/schemas/notifications.ts'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { PagedListStates, PagedRows } from '#src/components/paged-list.tsx'
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
  const { shownUnread, anyUnread } = useShownUnread(list.items)
  const mark = useMarkAll(anyUnread)

  return (
    <ScreenLayout title={t`Notifications`}>
      {intro}
      <PagedListStates
        list={list}
        loading={<Trans>Loading notifications…</Trans>}
        problemClassName="notifications__problem"
        offline={
          <Trans>
            No internet connection, and your notifications have not been saved on this device yet.
          </Trans>
        }
        failed={<Trans>The notifications could not be loaded.</Trans>}
      >
        {() => (
          <section aria-labelledby="notifications-list-title">
            <MarkAllRead shown={list.items.length > 0} mark={mark} />
            {list.savedAt !== null && <SavedNotice savedAt={list.savedAt} />}
            <PagedRows
              items={list.items}
              className="notifications__list"
              empty={
                <div className="notifications__empty">
                  <p>
                    <Trans>No notifications yet.</Trans>
                  </p>
                  <p>
                    <Trans>New orders, replies and messages will be listed here as they come.</Trans>
                  </p>
                </div>
              }
              row={(notification) => (
                <NotificationLink
                  notification={notification}
                  unread={shownUnread(notification)}
                  className="notifications__item"
                />
              )}
            />
            <PagedListEnd
              list={list}
              problemClassName="notifications__problem"
              offline={<Trans>No internet connection: the next notifications could not be loaded.</Trans>}
              failed={<Trans>The next notifications could not be loaded.</Trans>}
              label={<Trans>Show more notifications</Trans>}
            />
          </section>
        )}
      </PagedListStates>
    </ScreenLayout>
  )
}

/**
 * Which of the listed notifications are drawn unread. "Mark all read" (here or in the bell) read what this list
 * showed by then; what loads after it comes from the server as it is.
 */
function useShownUnread(items: Notification[]) {
  const readIds = useNotifications((state) => state.readIds)
  const unread = useNotifications((state) => state.unread)
  const allReadCount = useNotifications((state) => state.allReadCount)
  const [readAll, setReadAll] = useState({ count: allReadCount, ids: new Set<number>() })
  if (readAll.count !== allReadCount) {
    setReadAll({ count: allReadCount, ids: new Set(items.map((item) => item.id)) })
  }
  const shownUnread = (notification: Notification) =>
    !readAll.ids.has(notification.id) && isUnread(notification, readIds)
  return { shownUnread, anyUnread: (unread ?? 0) > 0 || items.some(shownUnread) }
}

type Marking = 'idle' | 'busy' | 'failed' | 'offline'

/** "Mark all read" as the screen keeps it, so that its failure stays said while the list loads again. */
function useMarkAll(anyUnread: boolean) {
  const [marking, setMarking] = useState<Marking>('idle')
  const markAll = () => {
    if (!anyUnread || marking === 'busy') return
    setMarking('busy')
    markAllRead()
      .then(() => setMarking('idle'))
      .catch((error: unknown) =>
        setMarking(error instanceof ApiError && error.status === 0 ? 'offline' : 'failed'),
      )
  }
  return { marking, markAll, anyUnread }
}

/** The list's heading (for screen readers) and "Mark all read" (`shown` once there is a notification to mark). */
function MarkAllRead({ shown, mark }: { shown: boolean; mark: ReturnType<typeof useMarkAll> }) {
  const { marking, markAll, anyUnread } = mark
  return (
    <>
      <div className="notifications__toolbar">
        <h2 id="notifications-list-title" className="visually-hidden">
          <Trans>All notifications</Trans>
        </h2>
        {shown && (
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
    </>
  )
}
