/** What the registration and the password reset modals both show: the step line with the form's error, and the password pair. */
import { Trans, useLingui } from '@lingui/react/macro'
import type { UseFormReturn } from 'react-hook-form'
import { TextField } from '#src/components/text-field.tsx'
import { fieldErrorText } from './field-error.ts'

/** "Step n of 3", said when it changes, and the error that belongs to the whole form. */
export function StepHeader({
  progress,
  formError,
}: {
  progress: { step: number }
  formError: string | null
}) {
  return (
    <>
      <p className="modal__step" aria-live="polite">
        <Trans>Step {progress.step} of 3</Trans>
      </p>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
    </>
  )
}

type PasswordPair = { password: string; password_confirmation: string }

/** A new password and its repetition, each with its own error. */
export function PasswordPairFields({
  form,
  label,
  repeatLabel,
}: {
  form: UseFormReturn<PasswordPair>
  label: string
  repeatLabel: string
}) {
  const { i18n } = useLingui()
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        error={fieldErrorText(i18n, form.formState.errors.password)}
        {...form.register('password')}
      />
      <TextField
        label={repeatLabel}
        type="password"
        autoComplete="new-password"
        error={fieldErrorText(i18n, form.formState.errors.password_confirmation)}
        {...form.register('password_confirmation')}
      />
    </>
  )
}
