import { Trans, useLingui } from '@lingui/react/macro'
import { Flag } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { adminReportEndpoints as endpoints } from '#contract/moderation-report-endpoints.ts'
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '#contract/schemas/chats.ts'
import { api } from '#src/lib/api.ts'
import { ApiError } from '#src/lib/api-error.ts'
import { useSession } from '#src/lib/session-store.ts'
import { Modal } from './modal.tsx'

type Props = {
  item: { kind: 'order' | 'profile'; id: number }
  /** Opens the login: a guest logs in before reporting (the screen's feature owns the auth modals). */
  askToLogIn: () => void
}

/**
 * "Report" under an order or a specialist's profile (docs/decisions/029): a reason, a few words if wanted, then a
 * thank-you. A second report of the same item answers the first, so sending twice does no harm. A guest logs in first.
 */
export function ReportButton({ item, askToLogIn }: Props) {
  const { t } = useLingui()
  const loggedIn = useSession((state) => state.token !== null)
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [text, setText] = useState('')
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const reasons: Record<ReportReason, string> = {
    spam: t`Spam`,
    abuse: t`Insults or threats`,
    fraud: t`Fraud`,
    other: t`Something else`,
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!reason) return setProblem(t`Choose a reason`)
    setState('sending')
    setProblem(null)
    const endpoint = item.kind === 'order' ? endpoints.reportOrder : endpoints.reportProfile
    api
      .call(endpoint, { params: { id: item.id }, body: { reason, text: text.trim() } })
      .then(() => setState('sent'))
      .catch((error: unknown) => {
        setState('idle')
        setProblem(
          error instanceof ApiError && error.status !== 0 && error.body
            ? error.body.error.message
            : t`Could not send the report. Check the internet and try again.`,
        )
      })
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => (loggedIn ? setOpen(true) : askToLogIn())}
      >
        <Flag className="icon" aria-hidden="true" /> <Trans>Report</Trans>
      </button>
      <Modal
        open={open}
        title={item.kind === 'order' ? t`Report the order` : t`Report the profile`}
        onClose={() => setOpen(false)}
      >
        {state === 'sent' ? (
          <div className="form">
            <p role="status">
              <Trans>Thank you. Moderators will look at it.</Trans>
            </p>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              <Trans>Close</Trans>
            </button>
          </div>
        ) : (
          <form className="form" onSubmit={submit}>
            <fieldset className="field">
              <legend className="field__label">
                <Trans>What is wrong with it?</Trans>
              </legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className="choice">
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                  {reasons[value]}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`${id}-text`} className="field__label">
              <Trans>Details (optional)</Trans>
            </label>
            <textarea
              id={`${id}-text`}
              className="field__input"
              rows={3}
              maxLength={REPORT_TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {problem && (
              <p role="alert" className="form__error">
                {problem}
              </p>
            )}
            <button type="submit" className="button" disabled={state === 'sending'}>
              <Trans>Send the report</Trans>
            </button>
          </form>
        )}
      </Modal>
    </>
  )
}
