import type { I18n } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { useSession } from '#src/lib/session-store.ts'
import { chatPath, openChat, type ChatTarget } from '../api/open-chat.ts'
import '../chat-entry.css'

type OpenChatButtonProps = { target: ChatTarget; children: ReactNode; className?: string }

/** A refusal as the server words it (`chat_blocked`, `cannot_chat_with_yourself`…); no network in ours. */
function failureText(i18n: I18n, error: unknown) {
  if (error instanceof ApiError && error.status !== 0 && error.body) return error.message
  return errorText(i18n, error instanceof ApiError && error.status === 0 ? 'network' : 'error_occurred')
}

/**
 * "Write", "Go to chat": opens the conversation and goes to it; the screen showing the button words it, in its
 * own catalog. A guest is asked to log in first, as for every member-only action, and the chat opens by itself
 * once they have.
 */
export function OpenChatButton({
  target,
  children,
  className = 'button button--secondary',
}: OpenChatButtonProps) {
  const { i18n } = useLingui()
  const navigate = useNavigate()
  const loggedIn = useSession((state) => state.token !== null)
  const showLogin = useAuthModal((state) => state.show)
  const [opening, setOpening] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const failureId = useId()
  const stopWaiting = useRef<(() => void) | null>(null)
  useEffect(() => () => stopWaiting.current?.(), [])

  const open = async () => {
    setFailure(null)
    setOpening(true)
    try {
      await navigate({ href: chatPath(await openChat(target)) })
    } catch (error) {
      setFailure(failureText(i18n, error))
    } finally {
      setOpening(false)
    }
  }

  const logInFirst = () => {
    stopWaiting.current?.()
    showLogin('login', { stayOnPage: true })
    // The login sets the session before it closes the modal: a session means go on, a close without one means
    // the person changed their mind.
    const stopSession = useSession.subscribe((state) => {
      if (!state.token) return
      stop()
      void open()
    })
    const stopModal = useAuthModal.subscribe((state) => state.open === null && stop())
    const stop = () => {
      stopSession()
      stopModal()
      stopWaiting.current = null
    }
    stopWaiting.current = stop
  }

  return (
    <div className="open-chat">
      <button
        type="button"
        className={className}
        aria-busy={opening}
        // Not `disabled`: that would drop a keyboard user's focus while the chat opens.
        aria-disabled={opening}
        aria-describedby={failure ? failureId : undefined}
        onClick={() => {
          if (opening) return
          if (loggedIn) void open()
          else logInFirst()
        }}
      >
        {children}
      </button>
      {failure && (
        <p id={failureId} className="form__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  )
}
