import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ChatMessage,
  type ReportReason,
} from '#contract/schemas/chats.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { Modal } from '#src/components/modal.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { chatsApi } from '../api/chats-api.ts'

type ReportDialogProps = { chatId: number; message: ChatMessage | null; onClose: () => void }

/** Reports one of the other person's messages to moderation: a reason, a few words if wanted, then a thank-you. */
export function ReportDialog({ chatId, message, onClose }: ReportDialogProps) {
  const { t, i18n } = useLingui()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [text, setText] = useState('')
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const textId = useId()
  const reasons: Record<ReportReason, string> = {
    spam: t`Spam`,
    abuse: t`Insults or threats`,
    fraud: t`Fraud`,
    other: t`Something else`,
  }

  const close = () => {
    setReason(null)
    setText('')
    setState('idle')
    setProblem(null)
    onClose()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!message) return
    if (!reason) {
      setProblem(t`Choose a reason`)
      return
    }
    setState('sending')
    setProblem(null)
    chatsApi
      .report(chatId, message.id, reason, text.trim())
      .then(() => setState('sent'))
      .catch((error: unknown) => {
        setState('idle')
        setProblem(
          error instanceof ApiError && error.body
            ? error.body.error.message
            : t`Could not send the report. Check the internet and try again.`,
        )
      })
  }

  return (
    <Modal open={message !== null} title={t`Report the message`} onClose={close}>
      {state === 'sent' ? (
        <div className="report">
          <p role="status">
            <Trans>Thank you. Moderators will look at this message.</Trans>
          </p>
          <button type="button" className="button" onClick={close}>
            <Trans>Close</Trans>
          </button>
        </div>
      ) : (
        <form className="report" onSubmit={submit}>
          {message?.text && <blockquote className="report__quote">{message.text}</blockquote>}
          <fieldset className="report__reasons">
            <legend>
              <Trans>What is wrong with it?</Trans>
            </legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="report__reason">
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
                {reasons[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={textId}>
            <Trans>Details (optional)</Trans>
          </label>
          <textarea
            id={textId}
            className="report__text"
            maxLength={REPORT_TEXT_MAX}
            value={text}
            aria-describedby={`${textId}-count`}
            onChange={(event) => setText(event.target.value)}
          />
          <CharCount
            id={`${textId}-count`}
            length={text.length}
            max={REPORT_TEXT_MAX}
            words={limitWords(i18n, text.length, REPORT_TEXT_MAX)}
          />
          {problem && (
            <p role="alert" className="chats__problem">
              {problem}
            </p>
          )}
          <button type="submit" className="button" disabled={state === 'sending'}>
            <Trans>Send the report</Trans>
          </button>
        </form>
      )}
    </Modal>
  )
}
