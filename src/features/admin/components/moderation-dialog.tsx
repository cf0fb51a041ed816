import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '#contract/schemas/chats.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { Modal } from '#src/components/modal.tsx'
import { ApiError } from '#src/lib/api-error.ts'
import { formatNumber } from '#src/lib/format.ts'

/** How the console names the report reasons (contract/schemas/chats.ts). */
export function useReportReasons(): Record<ReportReason, string> {
  const { t } = useLingui()
  return { spam: t`Spam`, abuse: t`Insults or threats`, fraud: t`Fraud`, other: t`Something else` }
}

type Props = {
  title: string
  /** What happens, in a sentence. */
  lead: string
  action: string
  onClose: () => void
  /** Sends the decision; it throws when the dialog should stay open and say why. */
  onDecide: (reason: ReportReason, text: string) => Promise<void>
}

/** A warning or a block: a reason from the list, which the person reads in their language, and an optional note. */
export function ModerationDialog({ title, lead, action, onClose, onDecide }: Props) {
  const { t } = useLingui()
  const reasons = useReportReasons()
  const id = useId()
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [text, setText] = useState('')
  const [missingReason, setMissingReason] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const limit = formatNumber(REPORT_TEXT_MAX)
  const left = formatNumber(REPORT_TEXT_MAX - text.length)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setMissingReason(reason === null)
    if (reason === null) return
    setBusy(true)
    setFailure(null)
    try {
      await onDecide(reason, text.trim())
    } catch (error) {
      setBusy(false)
      setFailure(
        error instanceof ApiError && error.status !== 0 && error.body
          ? error.body.error.message
          : t`The decision could not be saved. Try again.`,
      )
    }
  }

  return (
    <Modal open title={title} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{lead}</p>
        <fieldset
          className="admin-reasons"
          aria-describedby={missingReason ? `${id}-reason-error` : undefined}
        >
          <legend className="field__label">
            <Trans>Reason</Trans>
          </legend>
          {REPORT_REASONS.map((code) => (
            <label key={code} className="choice">
              <input
                type="radio"
                name={`${id}-reason`}
                value={code}
                checked={reason === code}
                onChange={() => {
                  setReason(code)
                  setMissingReason(false)
                }}
              />
              {reasons[code]}
            </label>
          ))}
          {missingReason && (
            <p id={`${id}-reason-error`} role="alert" className="field__error">
              <Trans>Choose a reason.</Trans>
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-text`} className="field__label">
            <Trans>Note for the user (optional)</Trans>
          </label>
          <textarea
            id={`${id}-text`}
            className="field__input admin-reasons__text"
            rows={3}
            maxLength={REPORT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-count`}
          />
          <CharCount
            id={`${id}-count`}
            length={text.length}
            max={REPORT_TEXT_MAX}
            words={{
              limit: t`At most ${limit} characters`,
              left: t`Characters left: ${left}`,
              over: t`Over the limit of ${limit} characters`,
            }}
          />
        </div>
        {failure && (
          <p role="alert" className="form__error">
            {failure}
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {action}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Modal>
  )
}
