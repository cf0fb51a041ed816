import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Modal } from '#src/components/modal.tsx'

type ConfirmProps = {
  open: boolean
  title: ReactNode
  children?: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before an action that changes what others see or cannot be undone. */
export function Confirm({ open, title, children, confirmLabel, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      {children}
      <div className="form__actions">
        <button type="button" className="button" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Modal>
  )
}

type SwitchProps = {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}

/** An on/off switch: a checkbox that says "switch" to assistive technology. */
export function Switch({ label, checked, onChange, disabled = false }: SwitchProps) {
  return (
    <label className="choice editor-switch">
      <input
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  )
}
