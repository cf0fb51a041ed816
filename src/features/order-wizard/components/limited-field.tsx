import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'

type LimitedFieldProps = {
  label: ReactNode
  /** The most characters the server takes (contract/schemas/orders.ts). */
  max: number
  /** How many characters the field holds now. */
  length: number
  error: string | undefined
  registration: UseFormRegisterReturn
  multiline?: boolean
  autoComplete?: string
}

/**
 * A text field that says how much it takes: the input stops at the server's limit and a counter ("45/120") shows
 * what is used. Screen readers hear the limit once, with the field, and what is left only near the end.
 */
export function LimitedField({
  label,
  max,
  length,
  error,
  registration,
  multiline = false,
  autoComplete = 'off',
}: LimitedFieldProps) {
  const { i18n } = useLingui()
  const id = useId()
  const limitId = `${id}-limit`
  const errorId = `${id}-error`
  const control = {
    id,
    className: 'field__input',
    maxLength: max,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${limitId} ${errorId}` : limitId,
    ...registration,
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {multiline ? <textarea rows={4} {...control} /> : <input type="text" {...control} />}
      <CharCount id={limitId} length={length} max={max} words={limitWords(i18n, length, max)} />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
