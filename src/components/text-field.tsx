import { useLingui } from '@lingui/react/macro'
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { CharCount, describedBy, type FieldCount } from './char-count.tsx'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
  type?: 'text' | 'number' | 'password' | 'email' | 'tel'
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
  /** A counter under the field, for one with `maxLength`: the server's limit, shown as it fills. */
  count?: FieldCount | undefined
}

/**
 * A labelled input with its error under it; a password field has a show/hide toggle; a limited one may show a
 * counter.
 */
export function TextField({ label, type = 'text', error, ref, className, count, ...input }: TextFieldProps) {
  const { t } = useLingui()
  const id = useId()
  const errorId = `${id}-error`
  const countId = `${id}-count`
  const [revealed, setRevealed] = useState(false)
  const isPassword = type === 'password'

  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <input
          {...input}
          ref={ref}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(count && countId, error && errorId)}
        />
        {isPassword && (
          <button
            type="button"
            className="field__toggle"
            onClick={() => setRevealed((value) => !value)}
            aria-pressed={revealed}
            aria-label={revealed ? t`Hide password` : t`Show password`}
          >
            {revealed ? t`Hide` : t`Show`}
          </button>
        )}
      </div>
      {count && input.maxLength !== undefined && (
        <CharCount id={countId} length={count.length} max={input.maxLength} words={count.words} />
      )}
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
