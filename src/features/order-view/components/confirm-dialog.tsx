import { Trans } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { Modal } from '#src/components/modal.tsx'

type ConfirmDialogProps = {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  /** What keeps things as they are; name it by the outcome ("Keep the order") where "Cancel" would be ambiguous. */
  dismissLabel?: string
  onConfirm: () => Promise<void>
  onClose: () => void
}

/** Asks before a step that cannot be taken back; stays open with the reason when the step fails. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal open={open} title={title} onClose={onClose}>
      {children}
      <div className="form__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {dismissLabel ?? <Trans>Cancel</Trans>}
        </button>
      </div>
    </Modal>
  )
}
