import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { CharCount } from '#src/components/char-count.tsx'
import { Modal } from '#src/components/modal.tsx'
import { formatNumber } from '#src/lib/format.ts'
import { useSending } from './sending.ts'

type Props<R extends string> = {
  title: string
  /** What the decision does, in a sentence. */
  lead?: ReactNode
  reasons: readonly R[]
  reasonNames: Record<R, string>
  /** Said when the moderator sends without a reason. */
  missingReason: string
  noteLabel: string
  textMax: number
  action: string
  onClose: () => void
  /** Sends the decision; it throws when the dialog should stay open and say why. */
  onDecide: (reason: R, text: string) => Promise<void>
}

/**
 * A decision that needs a reason from a list (which the person reads in their language) and takes an optional note:
 * a refusal of documents, a warning, a block.
 */
export function ReasonDialog<R extends string>(props: Props<R>) {
  const { title, lead, reasons, reasonNames, textMax, onClose } = props
  const { t } = useLingui()
  const id = useId()
  const [reason, setReason] = useState<R | null>(null)
  const [text, setText] = useState('')
  const [missingReason, setMissingReason] = useState(false)
  const { busy, failure, run } = useSending(() => props.onDecide(reason!, text.trim()))
  const left = formatNumber(textMax - text.length)
  const limit = formatNumber(textMax)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissingReason(reason === null)
    if (reason !== null) void run()
  }

  return (
    <Modal open title={title} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        {lead && <p>{lead}</p>}
        <fieldset
          className="admin-reasons"
          aria-describedby={missingReason ? `${id}-reason-error` : undefined}
        >
          <legend className="field__label">
            <Trans>Reason</Trans>
          </legend>
          {reasons.map((code) => (
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
              {reasonNames[code]}
            </label>
          ))}
          {missingReason && (
            <p id={`${id}-reason-error`} role="alert" className="field__error">
              {props.missingReason}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-text`} className="field__label">
            {props.noteLabel}
          </label>
          <textarea
            id={`${id}-text`}
            className="field__input admin-reasons__text"
            rows={3}
            maxLength={textMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-count`}
          />
          <CharCount
            id={`${id}-count`}
            length={text.length}
            max={textMax}
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
            {props.action}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Modal>
  )
}
