import { Trans, useLingui } from '@lingui/react/macro'
import { Modal } from '#src/components/modal.tsx'
import { PhoneField } from '#src/components/phone-field.tsx'
import { loadAuthCatalog } from '../catalog.ts'
import { CodeStep, verifiedUntil } from './code-step.tsx'
import { fieldErrorText } from './field-error.ts'
import { PasswordPairFields, StepHeader } from './step-parts.tsx'
import { useReset } from './use-reset.ts'

// The modals' messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadAuthCatalog()

/** Password reset in three steps: the phone, the SMS code, the new password; then logged in as customer. */
export function ResetModal() {
  const { t, i18n } = useLingui()
  const flow = useReset()
  const { progress, phoneForm, passwordForm } = flow
  return (
    <Modal open={flow.isOpen} onClose={flow.close} title={<Trans>Password recovery</Trans>}>
      <StepHeader progress={progress} formError={flow.formError} />
      {progress.step === 1 && (
        <form noValidate className="form" onSubmit={flow.submitPhone}>
          <PhoneField
            label={t`Phone number`}
            error={fieldErrorText(i18n, phoneForm.formState.errors.phone)}
            {...phoneForm.register('phone')}
          />
          <button type="submit" className="button" disabled={phoneForm.formState.isSubmitting}>
            <Trans>Get the code</Trans>
          </button>
          <button type="button" className="link-button" onClick={() => flow.show('login')}>
            <Trans>Back to login</Trans>
          </button>
        </form>
      )}
      {progress.step === 2 && progress.phone && progress.requiredId && (
        <CodeStep
          phone={progress.phone}
          purpose="reset_pass"
          requiredId={progress.requiredId}
          resendAt={progress.resendAt}
          countdownStyle="clock"
          onResent={(sent) => flow.setProgress((current) => ({ ...current, ...sent }))}
          onVerified={(code) =>
            flow.setProgress((current) => ({ ...current, step: 3, code, expiresAt: verifiedUntil() }))
          }
        />
      )}
      {progress.step === 3 && (
        <form noValidate className="form" onSubmit={flow.submitPassword}>
          <PasswordPairFields
            form={passwordForm}
            label={t`New password`}
            repeatLabel={t`Repeat the new password`}
          />
          <button type="submit" className="button" disabled={passwordForm.formState.isSubmitting}>
            <Trans>Save the password and log in</Trans>
          </button>
        </form>
      )}
    </Modal>
  )
}
