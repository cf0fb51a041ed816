import { Trans, useLingui } from '@lingui/react/macro'
import { ImagePlus, MapPin, SendHorizontal } from 'lucide-react'
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react'
import { CHAT_TEXT_MAX } from '#contract/schemas/chats.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { formatNumber } from '#src/lib/format.ts'
import { currentSocket } from '#src/features/notifications/realtime.ts'
import { loadDraft, saveDraft } from '../local-cache.ts'

/** The other side hears "typing…" at most this often, however fast the keys go. */
export const TYPING_EVERY_MS = 3_000
/** The box grows with its text up to about six lines, then scrolls. */
const MAX_LINES = 6
/** The counter shows from this many characters on: a short message needs no numbers under it. */
const COUNT_FROM = CHAT_TEXT_MAX * 0.8

type ComposerProps = {
  chatId: number
  userId: number
  /** Why the last send did not go through, in the server's words. */
  problem: string | null
  onSend: (text: string) => void
  onPhoto: (file: File) => void
  onLocation: () => void
  /** A photo is on its way: another waits for it. */
  uploading: boolean
}

/**
 * The box a message is written in: Enter sends, Shift+Enter starts a new line; it grows up to six lines. The draft
 * is kept on the device per conversation, so a reload does not lose it; a photo and a location have their buttons.
 */
export function Composer({ chatId, userId, problem, onSend, onPhoto, onLocation, uploading }: ComposerProps) {
  const { t, i18n } = useLingui()
  const [text, setText] = useState(() => loadDraft(userId, chatId))
  const [tooLong, setTooLong] = useState(false)
  const box = useRef<HTMLTextAreaElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const lastTyping = useRef(0)
  const boxId = useId()
  const problemId = useId()
  const countId = useId()
  // What the server counts: the text without its outer spaces (contract/schemas/chats.ts).
  const length = text.trim().length
  const over = length > CHAT_TEXT_MAX

  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    element.style.height = 'auto'
    const line = parseFloat(getComputedStyle(element).lineHeight) || 20
    element.style.height = `${Math.min(element.scrollHeight, line * MAX_LINES + 16)}px`
  }, [text])

  const change = (value: string) => {
    setText(value)
    if (value.trim().length <= CHAT_TEXT_MAX) setTooLong(false)
    saveDraft(userId, chatId, value)
    const now = Date.now()
    const socket = currentSocket()
    if (value !== '' && socket && now - lastTyping.current >= TYPING_EVERY_MS) {
      lastTyping.current = now
      socket.emit('chat:typing', { chat_id: chatId })
    }
  }

  const send = () => {
    const message = text.trim()
    if (message === '') return
    // NOTE: the box has no maxLength on purpose: a browser would cut a long paste without a word. Past the limit
    // the whole text stays in the box and is refused here, as the server would refuse it.
    if (message.length > CHAT_TEXT_MAX) {
      setTooLong(true)
      return
    }
    onSend(message)
    setText('')
    saveDraft(userId, chatId, '')
    lastTyping.current = 0
    box.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes a word, Enter picks the word; it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) onPhoto(file)
  }

  const limit = formatNumber(CHAT_TEXT_MAX)
  const tooLongText = t`The message is longer than ${limit} characters. Nothing was cut or sent: shorten it and send again.`
  const showCount = length >= COUNT_FROM
  const describedBy = [showCount && countId, (tooLong || problem) && problemId].filter(Boolean).join(' ')

  return (
    <div className="composer">
      {(tooLong || problem) && (
        <p id={problemId} role="alert" className="composer__problem">
          {tooLong ? tooLongText : problem}
        </p>
      )}
      <div className="composer__row">
        <button
          type="button"
          className="icon-button"
          aria-label={t`Attach a photo`}
          onClick={() => fileInput.current?.click()}
          disabled={uploading}
        >
          <ImagePlus />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={pickPhoto}
        />
        <button type="button" className="icon-button" aria-label={t`Send location`} onClick={onLocation}>
          <MapPin />
        </button>
        <label htmlFor={boxId} className="visually-hidden">
          <Trans>Message</Trans>
        </label>
        <textarea
          ref={box}
          id={boxId}
          className="composer__box"
          rows={1}
          placeholder={t`Write a message…`}
          value={text}
          aria-invalid={over ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="icon-button composer__send" aria-label={t`Send`} onClick={send}>
          <SendHorizontal />
        </button>
      </div>
      {showCount && (
        <CharCount
          id={countId}
          length={length}
          max={CHAT_TEXT_MAX}
          words={limitWords(i18n, length, CHAT_TEXT_MAX)}
        />
      )}
    </div>
  )
}
