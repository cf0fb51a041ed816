import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { DENY_REASONS, REASON_TEXT_MAX, type DenyReason } from '#contract/schemas/verification.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { Modal } from '#src/components/modal.tsx'
import { ApiError } from '#src/lib/api-error.ts'
import { formatNumber } from '#src/lib/format.ts'
import { useAdminWords } from '../words.ts'

/** Why a decision was not saved: the server's own words when it said something, else what went wrong. */
export function useFailureText() {
  const { t } = useLingui()
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 0)
      return t`No internet connection: the decision was not saved.`
    if (error instanceof ApiError && error.body) return error.body.error.message
    return t`The decision could not be saved. Try again.`
  }
}

/** A decision being sent, and why the last attempt failed. */
export function useSending(send: () => Promise<void>) {
  const failureText = useFailureText()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const run = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await send()
    } catch (error) {
      setFailure(failureText(error))
      setBusy(false)
    }
  }
  return { busy, failure, run }
}

type DialogProps = {
  person: string
  onClose: () => void
  /** Settles the decision; it throws when the dialog should stay open and say why. */
  onDecide: () => Promise<void>
}

/** "Approve the documents of …?": the specialist's profile gets its checked-identity badge. */
export function ApproveDialog({ person, onClose, onDecide }: DialogProps) {
  const { t } = useLingui()
  const { busy, failure, run } = useSending(onDecide)
  return (
    <Modal open title={t`Approve the documents of ${person}?`} onClose={onClose}>
      <p>
        <Trans>The profile will show that the identity is confirmed, and the specialist is told.</Trans>
      </p>
      {failure && (
        <p role="alert" className="form__error">
          {failure}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="button" onClick={() => void run()} disabled={busy}>
          <Trans>Approve</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Modal>
  )
}

/** The refusal: a reason from the list, which the specialist reads in their language, and an optional note. */
export function DenyDialog({
  person,
  onClose,
  onDecide,
}: Omit<DialogProps, 'onDecide'> & { onDecide: (reason: DenyReason, text: string) => Promise<void> }) {
  const { t } = useLingui()
  const words = useAdminWords()
  const id = useId()
  const [reason, setReason] = useState<DenyReason | null>(null)
  const [text, setText] = useState('')
  const [missingReason, setMissingReason] = useState(false)
  const { busy, failure, run } = useSending(() => onDecide(reason!, text.trim()))
  const left = formatNumber(REASON_TEXT_MAX - text.length)
  const limit = formatNumber(REASON_TEXT_MAX)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissingReason(reason === null)
    if (reason !== null) void run()
  }

  return (
    <Modal open title={t`Deny the documents of ${person}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset
          className="admin-reasons"
          aria-describedby={missingReason ? `${id}-reason-error` : undefined}
        >
          <legend className="field__label">
            <Trans>Reason</Trans>
          </legend>
          {DENY_REASONS.map((code) => (
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
              {words.reasons[code]}
            </label>
          ))}
          {missingReason && (
            <p id={`${id}-reason-error`} role="alert" className="field__error">
              <Trans>Choose the reason for the refusal.</Trans>
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-text`} className="field__label">
            <Trans>Note for the specialist (optional)</Trans>
          </label>
          <textarea
            id={`${id}-text`}
            className="field__input admin-reasons__text"
            rows={3}
            maxLength={REASON_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-count`}
          />
          <CharCount
            id={`${id}-count`}
            length={text.length}
            max={REASON_TEXT_MAX}
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
            <Trans>Deny</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    </Modal>
  )
}
