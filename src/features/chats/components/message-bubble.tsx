import { Trans, useLingui } from '@lingui/react/macro'
import { Check, CheckCheck, Clock, Flag } from 'lucide-react'
import { lazy, Suspense } from 'react'
import type { ChatLocation, ChatMessage } from '#contract/schemas/chats.ts'
import { formatTime } from '#src/lib/format.ts'
import type { Delivery } from '../messages.ts'

// MapLibre is large: the map of a location message loads only when one is shown (src/features/chat-location).
const LocationPreview = lazy(() =>
  import('#src/features/chat-location/location-preview.tsx').then((module) => ({
    default: module.LocationPreview,
  })),
)

/** What the writer sees of their own message's way: waiting on the device, sent, received, read. */
export type OwnStatus = Delivery | 'waiting' | 'failed'

export function StatusMark({ status }: { status: OwnStatus }) {
  const { t } = useLingui()
  if (status === 'failed') return null
  const label = {
    waiting: t`Waiting to be sent`,
    sent: t`Sent`,
    delivered: t`Delivered`,
    read: t`Read`,
  }[status]
  const Icon = status === 'waiting' ? Clock : status === 'sent' ? Check : CheckCheck
  return (
    <span
      className={`message__status message__status--${status}`}
      role="img"
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden="true" />
    </span>
  )
}

function LocationBody({ location }: { location: ChatLocation }) {
  return (
    <Suspense
      fallback={
        <span className="message__location-loading">
          <Trans>Location</Trans>
        </span>
      }
    >
      <LocationPreview location={location} />
    </Suspense>
  )
}

type BubbleProps = {
  message: Pick<ChatMessage, 'kind' | 'text' | 'photo' | 'location' | 'created_at' | 'hidden'>
  mine: boolean
  status?: OwnStatus
  onPhoto?: () => void
  onReport?: () => void
}

/** One message: its text, photo or place, its time, and for the writer where it is (or, for the reader, "Report"). */
export function MessageBubble({ message, mine, status, onPhoto, onReport }: BubbleProps) {
  const { t } = useLingui()
  return (
    <div className={mine ? 'message message--mine' : 'message'}>
      {message.kind === 'reply' && (
        <span className="message__kind">
          <Trans>Reply to the order</Trans>
        </span>
      )}
      {message.photo && (
        <button type="button" className="message__photo" onClick={onPhoto} aria-label={t`Open the photo`}>
          <img src={message.photo} alt="" loading="lazy" />
        </button>
      )}
      {message.location && <LocationBody location={message.location} />}
      {message.text && <p className="message__text">{message.text}</p>}
      {message.hidden && (
        <p className="message__text message__text--hidden">
          <Trans>Message hidden by moderator</Trans>
        </p>
      )}
      <span className="message__meta">
        <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
        {mine && status && <StatusMark status={status} />}
        {!mine && onReport && !message.hidden && (
          <button type="button" className="message__report" onClick={onReport} aria-label={t`Report`}>
            <Flag aria-hidden="true" />
          </button>
        )}
      </span>
    </div>
  )
}
