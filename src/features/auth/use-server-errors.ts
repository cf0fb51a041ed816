import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '#src/lib/api-client.ts'

/**
 * Puts a server answer where the person will see it: field errors on their inputs (renamed where the form calls
 * a field differently), anything else as the form's message. Field errors clear as soon as the field changes,
 * because react-hook-form revalidates the field on change.
 */
export function applyServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: Record<string, Path<T>>,
  fallback: string,
): string | null {
  if (!(error instanceof ApiError) || !error.body) return fallback
  let placed = false
  for (const [field, messages] of Object.entries(error.fields)) {
    const name = fieldNames[field]
    if (name && messages[0]) {
      setError(name, { type: 'server', message: messages[0] })
      placed = true
    }
  }
  return placed ? null : error.body.error.message
}

/** applyServerError for a password and its repetition, the last step of the registration and of the reset. */
export const applyPasswordPairError = (
  error: unknown,
  setError: UseFormSetError<{ password: string; password_confirmation: string }>,
  fallback: string,
): string | null =>
  applyServerError(
    error,
    setError,
    { password: 'password', password_confirmation: 'password_confirmation' },
    fallback,
  )

/** The message of a failed call, for a form that has nowhere more precise to put it. */
export const serverMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.body ? error.body.error.message : fallback
