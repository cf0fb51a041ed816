import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { MessageCircle } from 'lucide-react'
import { useEffect } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { formatNumber } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { chatsApi } from '../api/chats-api.ts'
import { useChatUnread } from '../unread-store.ts'
import './chats-link.css'

/** A badge wider than "99+" would cover the header's next button. */
const BADGE_MAX = 99

/**
 * The header's way to the conversations, with how many messages are unread (asked once after login, then kept by
 * the socket's events and the chat screens). It also sends, after the first screen, what was written offline.
 */
export function ChatsLink() {
  const { t } = useLingui()
  const userId = useSession((state) => state.profile?.id ?? null)
  const total = useChatUnread((state) => state.total)

  useEffect(() => {
    if (userId === null) return
    chatsApi
      .unread()
      .then((answer) => useChatUnread.getState().setTotal(answer.unread))
      .catch(() => undefined)
    // The outbox (and the socket client it uses) is not part of the header's chunk.
    afterFirstLoad(async () => (await import('../chat-outbox.ts')).startOutbox(userId))
  }, [userId])

  const count = total ?? 0
  const shown = formatNumber(count)
  return (
    <Link
      to="/chats"
      className="icon-button"
      aria-label={count > 0 ? t`Messages, unread: ${shown}` : t`Messages`}
      activeProps={{ 'aria-current': 'page' }}
    >
      <MessageCircle />
      {count > 0 && (
        <span className="chats-link__badge" aria-hidden="true">
          {count > BADGE_MAX ? `${BADGE_MAX}+` : shown}
        </span>
      )}
    </Link>
  )
}
