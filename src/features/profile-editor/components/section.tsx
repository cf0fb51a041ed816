import { Trans } from '@lingui/react/macro'
import { useId, type ReactNode, type Ref } from 'react'
import type { SaveState } from '../use-save.ts'

type EditorSectionProps = { id: string; title: ReactNode; lead?: ReactNode; children: ReactNode }

/** One section of the editor: a landmark named by its heading. */
export function EditorSection({ id, title, lead, children }: EditorSectionProps) {
  const headingId = useId()
  return (
    <section id={id} className="editor-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="editor-section__title">
        {title}
      </h2>
      {lead && <p className="form__hint">{lead}</p>}
      {children}
    </section>
  )
}

type SaveBarProps = {
  state: SaveState
  statusRef: Ref<HTMLParagraphElement>
  dirty: boolean
  restored: boolean
  label?: ReactNode
  disabled?: boolean
}

/** The section's save button and what became of its last save: saved, why not, or changes kept on the device. */
export function SaveBar({ state, statusRef, dirty, restored, label, disabled = false }: SaveBarProps) {
  return (
    <div className="editor-section__save">
      <button type="submit" className="button" disabled={disabled || state.status === 'saving'}>
        {label ?? <Trans>Save</Trans>}
      </button>
      <p
        ref={statusRef}
        tabIndex={-1}
        className={`editor-status editor-status--${state.status}`}
        role={state.status === 'failed' ? 'alert' : 'status'}
      >
        {state.status === 'saving' && <Trans>Saving…</Trans>}
        {state.status === 'saved' && !dirty && <Trans>Saved</Trans>}
        {state.status === 'failed' && state.message}
        {(state.status === 'idle' || (state.status === 'saved' && dirty)) &&
          dirty &&
          (restored ? (
            <Trans>Unsaved changes restored from this device</Trans>
          ) : (
            <Trans>Not saved yet: kept on this device</Trans>
          ))}
      </p>
    </div>
  )
}
