import { Trans, useLingui } from '@lingui/react/macro'
import type { UserType } from '#contract/schemas/profile.ts'
import { Modal } from '#src/components/modal.tsx'
import { PhoneField } from '#src/components/phone-field.tsx'
import { TextField } from '#src/components/text-field.tsx'
import { loadAuthCatalog } from '../catalog.ts'
import { CodeStep, verifiedUntil } from './code-step.tsx'
import { fieldErrorText } from './field-error.ts'
import { PasswordPairFields, StepHeader } from './step-parts.tsx'
import { useRegistration } from './use-registration.ts'

// The modals' messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadAuthCatalog()

/** Registration in three steps: who you are, the SMS code, a password and the mode to start in. */
export function RegistrationModal() {
  const { t, i18n } = useLingui()
  const flow = useRegistration()
  const { progress, person, passwords } = flow
  // Both modes are offered (spec); a specialist who signs up on /signup finds theirs first, and Enter chooses it.
  const [first, second]: [UserType, UserType] = flow.asExecutor
    ? ['executor', 'customer']
    : ['customer', 'executor']
  const typeLabels: Record<UserType, string> = {
    customer: t`Register as customer`,
    executor: t`Register as executor`,
  }

  return (
    <Modal open={flow.isOpen} onClose={flow.close} title={<Trans>Registration</Trans>}>
      <StepHeader progress={progress} formError={flow.formError} />
      {progress.step === 1 && (
        <form noValidate className="form" onSubmit={flow.submitPerson}>
          <TextField
            label={t`First name`}
            autoComplete="given-name"
            maxLength={25}
            error={fieldErrorText(i18n, person.formState.errors.name)}
            {...person.register('name')}
          />
          <TextField
            label={t`Surname`}
            autoComplete="family-name"
            maxLength={25}
            error={fieldErrorText(i18n, person.formState.errors.surname)}
            {...person.register('surname')}
          />
          <TextField
            label={t`Patronymic (optional)`}
            autoComplete="additional-name"
            maxLength={25}
            error={fieldErrorText(i18n, person.formState.errors.patronymic)}
            {...person.register('patronymic')}
          />
          <TextField
            label={t`E-mail (optional)`}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={fieldErrorText(i18n, person.formState.errors.email)}
            {...person.register('email')}
          />
          <PhoneField
            label={t`Phone number`}
            error={fieldErrorText(i18n, person.formState.errors.phone)}
            {...person.register('phone')}
          />
          <button type="submit" className="button" disabled={person.formState.isSubmitting}>
            <Trans>Get the code</Trans>
          </button>
        </form>
      )}
      {progress.step === 2 && progress.person && progress.requiredId && (
        <CodeStep
          phone={progress.person.phone}
          purpose="register"
          requiredId={progress.requiredId}
          resendAt={progress.resendAt}
          countdownStyle="seconds"
          onResent={(sent) => flow.setProgress((current) => ({ ...current, ...sent }))}
          onVerified={() =>
            flow.setProgress((current) => ({ ...current, step: 3, expiresAt: verifiedUntil() }))
          }
        />
      )}
      {progress.step === 3 && (
        <form noValidate className="form" onSubmit={flow.register(first)}>
          <PasswordPairFields form={passwords} label={t`Password`} repeatLabel={t`Repeat the password`} />
          <div className="form__actions">
            <button type="submit" className="button" disabled={passwords.formState.isSubmitting}>
              {typeLabels[first]}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={passwords.formState.isSubmitting}
              onClick={flow.register(second)}
            >
              {typeLabels[second]}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}
