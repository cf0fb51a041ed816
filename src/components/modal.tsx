import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'

type ModalProps = {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
}

/**
 * A modal on the platform's <dialog>: showModal() traps focus, makes the page behind inert and closes on Escape,
 * which is everything a dialog needs without a library.
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const { t } = useLingui()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal?.()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    // A click on the backdrop does what Escape does; Escape itself is handled by the dialog (onCancel).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose()
      }}
    >
      {open && (
        <div className="modal__body">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-button" onClick={onClose} aria-label={t`Close`}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  )
}
