import { useLingui } from '@lingui/react/macro'
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode
  type?: 'text' | 'number' | 'password' | 'email' | 'tel'
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with its error under it; a password field has a show/hide toggle. */
export function TextField({ label, type = 'text', error, ref, className, ...input }: TextFieldProps) {
  const { t } = useLingui()
  const id = useId()
  const errorId = `${id}-error`
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
          aria-describedby={error ? errorId : undefined}
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
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
