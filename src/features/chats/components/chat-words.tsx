import { Trans, useLingui } from '@lingui/react/macro'
import type { ChatMessage, ChatPerson } from '#contract/schemas/chats.ts'
import { formatDate, formatDateTime, formatTime } from '#src/lib/format.ts'
import { dayOf } from '../messages.ts'

/** The other person's name; the support team is named in the reader's language. */
export function usePersonName() {
  const { t } = useLingui()
  return (person: ChatPerson) => (person.support ? t`Support team` : person.name)
}

/** A message in one line, for the list: its text, or what it is when it has none. */
export function usePreviewText() {
  const { t } = useLingui()
  return (message: ChatMessage) => {
    if (message.kind === 'photo') return message.text || t`Photo`
    if (message.kind === 'location') return message.text || t`Location`
    return message.text
  }
}

/** Today a time ("14:05"), another day its date. */
export const shortWhen = (iso: string, now = new Date()) =>
  dayOf(iso) === dayOf(now.toISOString()) ? formatTime(iso) : formatDate(iso)

/** "online" with a dot, or when they were last seen. */
export function PresenceText({ person }: { person: ChatPerson }) {
  if (person.support) return null
  if (person.is_online)
    return (
      <span className="chat-presence chat-presence--online">
        <span className="chat-presence__dot" aria-hidden="true" />
        <Trans>online</Trans>
      </span>
    )
  if (!person.last_seen_at) return null
  const when = formatDateTime(person.last_seen_at)
  return (
    <span className="chat-presence">
      <Trans>last seen {when}</Trans>
    </span>
  )
}

/** The photo of the person, or their initial on a disc. */
export function Avatar({ person, size = 44 }: { person: ChatPerson; size?: number }) {
  const name = usePersonName()(person)
  return person.photo ? (
    <img className="chat-avatar" src={person.photo} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span
      className="chat-avatar chat-avatar--initial"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
