import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { BadgeCheck, EllipsisVertical } from 'lucide-react'
import { useCallback, useId, useRef, useState } from 'react'
import type { Chat } from '#contract/schemas/chats.ts'
import { VERIFICATION } from '#contract/schemas/profile.ts'
import { useDismiss } from '#src/components/use-dismiss.ts'
import { Avatar, PresenceText, usePersonName } from './chat-words.tsx'

type HeaderProps = {
  chat: Chat
  typing: boolean
  onBlock: (blocked: boolean) => void
  blocking: boolean
}

/** Who the conversation is with (a link to their profile when they have one), their presence, and its menu. */
export function ConversationHeader({ chat, typing, onBlock, blocking }: HeaderProps) {
  const { t } = useLingui()
  const name = usePersonName()(chat.other)
  const [open, setOpen] = useState(false)
  const menu = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const close = useCallback(() => setOpen(false), [])
  useDismiss(open, menu, close, button)
  const person = chat.other
  // Nobody blocks the support team, and staff do not block the people they help.
  const canBlock = !person.support && !chat.as_support

  return (
    <div className="conversation__header">
      <Avatar person={person} size={40} />
      <div className="conversation__who">
        <h1 className="conversation__name">
          {person.slug ? (
            <Link to="/profile/$slug" params={{ slug: person.slug }}>
              {name}
            </Link>
          ) : (
            name
          )}
          {person.verification === VERIFICATION.verified && (
            <BadgeCheck className="conversation__verified" role="img" aria-label={t`Verified`} />
          )}
        </h1>
        {typing ? (
          <span className="chat-presence chat-presence--typing" role="status">
            <Trans>typing…</Trans>
          </span>
        ) : (
          <PresenceText person={person} />
        )}
      </div>
      {canBlock && (
        <div className="conversation__menu" ref={menu}>
          <button
            ref={button}
            type="button"
            className="icon-button"
            aria-label={t`Conversation menu`}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            <EllipsisVertical />
          </button>
          {open && (
            <div id={menuId} className="conversation__menu-panel">
              <button
                type="button"
                className="link-button"
                disabled={blocking}
                onClick={() => {
                  setOpen(false)
                  onBlock(chat.blocked !== 'by_me')
                }}
              >
                {chat.blocked === 'by_me' ? <Trans>Unblock</Trans> : <Trans>Block</Trans>}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  )
}
