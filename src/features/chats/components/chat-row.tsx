import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Chat } from '#contract/schemas/chats.ts'
import { formatNumber } from '#src/lib/format.ts'
import { Avatar, PresenceText, shortWhen, usePersonName, usePreviewText } from './chat-words.tsx'

/** One conversation of the list: who, about which order, the newest message, when, and how many are unread. */
export function ChatRow({ chat }: { chat: Chat }) {
  const { t } = useLingui()
  const name = usePersonName()(chat.other)
  const preview = usePreviewText()
  const unread = formatNumber(chat.unread)
  const last = chat.last_message
  return (
    <Link
      to="/chats/$id"
      params={{ id: String(chat.id) }}
      className={chat.unread > 0 ? 'chat-row chat-row--unread' : 'chat-row'}
    >
      <span className="chat-row__avatar">
        <Avatar person={chat.other} />
        {chat.other.is_online && !chat.other.support && (
          <span className="chat-row__online" aria-hidden="true" />
        )}
      </span>
      <span className="chat-row__body">
        <span className="chat-row__top">
          <span className="chat-row__name">{name}</span>
          <time className="chat-row__time" dateTime={last?.created_at ?? chat.updated_at}>
            {shortWhen(last?.created_at ?? chat.updated_at)}
          </time>
        </span>
        {chat.order && <span className="chat-row__order">{chat.order.name}</span>}
        <span className="chat-row__bottom">
          <span className="chat-row__preview">{last ? preview(last) : <Trans>No messages yet</Trans>}</span>
          {chat.unread > 0 && (
            <span className="chat-row__badge" aria-label={t`Unread: ${unread}`}>
              {unread}
            </span>
          )}
        </span>
        <PresenceText person={chat.other} />
      </span>
    </Link>
  )
}
