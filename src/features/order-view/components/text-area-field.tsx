import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react'
import { CharCount, describedBy, type FieldCount } from '#src/components/char-count.tsx'

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode
  error?: string | undefined
  ref?: Ref<HTMLTextAreaElement>
  /** A counter under the field, for one with `maxLength`. */
  count?: FieldCount | undefined
}

/** A labelled multi-line input with its error under it, like TextField; a limited one shows a counter. */
export function TextAreaField({ label, error, ref, className, count, ...textarea }: TextAreaFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const countId = `${id}-count`
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
        aria-describedby={describedBy(count && countId, error && errorId)}
      />
      {count && textarea.maxLength !== undefined && (
        <CharCount id={countId} length={count.length} max={textarea.maxLength} words={count.words} />
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
