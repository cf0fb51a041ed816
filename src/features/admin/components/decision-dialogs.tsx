import { Trans, useLingui } from '@lingui/react/macro'
import { DENY_REASONS, REASON_TEXT_MAX, type DenyReason } from '#contract/schemas/verification.ts'
import { Modal } from '#src/components/modal.tsx'
import { useAdminWords } from '../words.ts'
import { ReasonDialog } from './reason-dialog.tsx'
import { useSending } from './sending.ts'

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
  return (
    <ReasonDialog
      title={t`Deny the documents of ${person}`}
      reasons={DENY_REASONS}
      reasonNames={words.reasons}
      missingReason={t`Choose the reason for the refusal.`}
      noteLabel={t`Note for the specialist (optional)`}
      textMax={REASON_TEXT_MAX}
      action={t`Deny`}
      onClose={onClose}
      onDecide={onDecide}
    />
  )
}
