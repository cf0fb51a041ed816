import { Trans, useLingui } from '@lingui/react/macro'
import { Search } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { CHAT_SEARCH_MAX } from '#contract/schemas/chats.ts'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { PagedListStates, PagedRows } from '#src/components/paged-list.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { userText } from '#src/lib/user-text.tsx'
import { startOutbox } from '../chat-outbox.ts'
import '../chats.css'
import { useChatList } from '../use-chat-list.ts'
import { ChatRow } from './chat-row.tsx'

/** A search is sent once typing pauses this long, not on every key. */
export const SEARCH_DEBOUNCE_MS = 300

/** /chats: the person's conversations, newest first, with a search by name or order. */
export function ChatsScreen() {
  const { t } = useLingui()
  const userId = useSession((state) => state.profile?.id ?? 0)
  const [typed, setTyped] = useState('')
  const [search, setSearch] = useState('')
  const searchId = useId()

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [typed])

  // Messages written offline go out as soon as the app is open again.
  useEffect(() => {
    void startOutbox(userId)
  }, [userId])

  const list = useChatList(userId, search)

  return (
    <ScreenLayout title={t`Messages`}>
      <div className="chats__search">
        <label htmlFor={searchId} className="visually-hidden">
          <Trans>Search by name or order</Trans>
        </label>
        <Search className="chats__search-icon" aria-hidden="true" />
        <input
          id={searchId}
          type="search"
          className="chats__search-input"
          placeholder={t`Search by name or order`}
          value={typed}
          maxLength={CHAT_SEARCH_MAX}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {list.savedAt !== null && <SavedNotice savedAt={list.savedAt} />}
      <PagedListStates
        list={list}
        loading={<Trans>Loading conversations…</Trans>}
        problemClassName="chats__problem"
        retryClassName="button button--secondary"
        offline={
          <Trans>
            No internet connection, and your conversations have not been saved on this device yet.
          </Trans>
        }
        failed={<Trans>Could not load your conversations.</Trans>}
      >
        {() => (
          <PagedRows
            items={list.chats}
            className="chats__list"
            empty={
              <p className="chats__empty">
                {search === '' ? (
                  <Trans>
                    No conversations yet. They start when you reply to an order or someone replies to yours.
                  </Trans>
                ) : (
                  <NothingFound typed={search} />
                )}
              </p>
            }
            row={(chat) => <ChatRow chat={chat} />}
          />
        )}
      </PagedListStates>
      <PagedListEnd
        list={{
          status: list.status,
          hasMore: list.hasMore && list.status !== 'failed',
          loadMore: list.loadMore,
          offline: list.offline,
        }}
        offline={<Trans>No internet connection: more conversations could not be loaded.</Trans>}
        failed={<Trans>Could not load more conversations.</Trans>}
        problemClassName="chats__problem"
        label={<Trans>More conversations</Trans>}
      />
    </ScreenLayout>
  )
}

/** The search as typed is a value of the message, never read by Lingui (src/lib/user-text.tsx). */
function NothingFound({ typed }: { typed: string }) {
  const search = userText(typed)
  return <Trans>Nothing found for “{search}”.</Trans>
}
