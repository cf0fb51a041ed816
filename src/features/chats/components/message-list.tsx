import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { ImageModal } from '#src/components/image-modal.tsx'
import { formatDate } from '#src/lib/format.ts'
import type { ChatOutgoing } from '../local-cache.ts'
import { dayOf, deliveryOf, isMine } from '../messages.ts'
import { MessageBubble } from './message-bubble.tsx'

/** Older messages start loading when the top is this close. */
const TOP_MARGIN_PX = 80
/** Within this of the bottom the list follows new messages; further up the reader is reading history. */
const BOTTOM_MARGIN_PX = 120

type MessageListProps = {
  chat: Chat
  messages: ChatMessage[]
  /** The reader's messages not yet answered by the server, oldest first. */
  pending: ChatOutgoing[]
  myId: number
  hasOlder: boolean
  olderStatus: 'idle' | 'loading' | 'failed'
  onOlder: () => void
  onReport: (message: ChatMessage) => void
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
}

const pendingAsMessage = (entry: ChatOutgoing) => ({
  kind: entry.location ? ('location' as const) : ('text' as const),
  text: entry.text,
  photo: null,
  location: entry.location ?? null,
  created_at: new Date(entry.createdAt).toISOString(),
})

/**
 * The conversation's messages by day, oldest at the top: older pages load as the reader scrolls up (keeping what
 * they were looking at in place), and the list stays at the bottom for new ones while the reader is there. A log
 * region, so a screen reader announces messages as they arrive.
 */
export function MessageList(props: MessageListProps) {
  const { chat, messages, pending, myId, hasOlder, olderStatus, onOlder, onReport, onRetry, onDiscard } =
    props
  const { t } = useLingui()
  const scroller = useRef<HTMLDivElement>(null)
  const before = useRef<{ first: number | undefined; height: number; top: number; atBottom: boolean }>({
    first: undefined,
    height: 0,
    top: 0,
    atBottom: true,
  })
  const [photo, setPhoto] = useState<number | null>(null)
  const photos = messages.filter((message) => message.photo !== null)

  // Older messages added above: the same message stays under the reader's eyes. New ones below: follow them
  // when the reader was at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const previous = before.current
    const first = messages[0]?.id
    if (previous.first !== undefined && first !== undefined && first < previous.first)
      element.scrollTop = previous.top + (element.scrollHeight - previous.height)
    else if (previous.atBottom) element.scrollTop = element.scrollHeight
    before.current = {
      first,
      height: element.scrollHeight,
      top: element.scrollTop,
      atBottom: element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_MARGIN_PX,
    }
  }, [messages, pending.length])

  // The list gets shorter when the composer grows (a second line, a counter, a refusal) or the page's top fills in
  // after the first paint: a reader at the bottom stays there, the newest message never behind the composer.
  useEffect(() => {
    const element = scroller.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (before.current.atBottom) element.scrollTop = element.scrollHeight
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget
    before.current = {
      ...before.current,
      height: element.scrollHeight,
      top: element.scrollTop,
      atBottom: element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_MARGIN_PX,
    }
    if (element.scrollTop < TOP_MARGIN_PX && hasOlder && olderStatus === 'idle') onOlder()
  }

  const shown = new Set(messages.map((message) => message.client_id))
  const waiting = pending.filter((entry) => !shown.has(entry.clientId))

  return (
    <div ref={scroller} className="messages" onScroll={onScroll}>
      {hasOlder && (
        <div className="messages__older">
          {olderStatus === 'failed' && (
            <p role="alert" className="chats__problem">
              <Trans>Could not load older messages.</Trans>
            </p>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={onOlder}
            disabled={olderStatus === 'loading'}
          >
            {olderStatus === 'loading' ? <Trans>Loading…</Trans> : <Trans>Older messages</Trans>}
          </button>
        </div>
      )}
      <div role="log" aria-live="polite" aria-label={t`Messages`} className="messages__log">
        {messages.length === 0 && waiting.length === 0 && (
          <p className="messages__empty">
            <Trans>No messages yet. Write the first one.</Trans>
          </p>
        )}
        {messages.map((message, index) => {
          const mine = isMine(chat, message, myId)
          const newDay = index === 0 || dayOf(messages[index - 1]!.created_at) !== dayOf(message.created_at)
          return (
            <Fragment key={message.id}>
              {newDay && <p className="messages__day">{formatDate(message.created_at)}</p>}
              <MessageBubble
                message={message}
                mine={mine}
                status={mine ? deliveryOf(message, chat) : undefined}
                onPhoto={() => setPhoto(photos.indexOf(message))}
                onReport={mine ? undefined : () => onReport(message)}
              />
            </Fragment>
          )
        })}
        {waiting.map((entry) => (
          <div key={entry.clientId} className="messages__pending">
            <MessageBubble
              message={pendingAsMessage(entry)}
              mine
              status={entry.failed ? 'failed' : 'waiting'}
            />
            {entry.failed && (
              <div className="messages__failed">
                <span>{entry.failed.message}</span>
                <button type="button" className="link-button" onClick={() => onRetry(entry.clientId)}>
                  <Trans>Send again</Trans>
                </button>
                <button type="button" className="link-button" onClick={() => onDiscard(entry.clientId)}>
                  <Trans>Delete</Trans>
                </button>
              </div>
            )}
          </div>
        ))}
      </div>
      <ImageModal
        images={photos.map((message) => ({ src: message.photo!, alt: t`Photo in the conversation` }))}
        index={photo === null || photo < 0 ? null : photo}
        onIndexChange={setPhoto}
        onClose={() => setPhoto(null)}
      />
    </div>
  )
}
