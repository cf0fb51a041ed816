import { useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { formatNumber } from '#src/lib/format.ts'

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
 * what is used. Screen readers hear the limit once, with the field, rather than the counter on every key.
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
  const { t } = useLingui()
  const id = useId()
  const limitId = `${id}-limit`
  const errorId = `${id}-error`
  const limit = formatNumber(max)
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
      <p className="field__count">
        <span id={limitId} className="visually-hidden">
          {t`At most ${limit} characters`}
        </span>
        <span aria-hidden="true" data-testid="char-count">
          {formatNumber(length)}/{limit}
        </span>
      </p>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
