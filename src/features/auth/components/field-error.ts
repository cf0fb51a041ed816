import type { I18n } from '@lingui/core'
import type { FieldError } from 'react-hook-form'
import { errorText } from '#src/features/error-words/error-messages.ts'

/** Client-side checks yield message keys; server errors arrive already in the person's language. */
export const fieldErrorText = (i18n: I18n, error: FieldError | undefined) =>
  error?.message ? (error.type === 'server' ? error.message : errorText(i18n, error.message)) : undefined
