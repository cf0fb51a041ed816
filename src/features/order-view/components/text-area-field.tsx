import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react'

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode
  error?: string | undefined
  ref?: Ref<HTMLTextAreaElement>
}

/** A labelled multi-line input with its error under it, like TextField. */
export function TextAreaField({ label, error, ref, className, ...textarea }: TextAreaFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        {...textarea}
        ref={ref}
        id={id}
        rows={4}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
