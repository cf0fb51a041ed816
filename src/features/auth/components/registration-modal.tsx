import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import {
  NameSchema,
  passwordPairSchema,
  PasswordSchema,
  PatronymicSchema,
  RegisterEmailSchema,
  SurnameSchema,
} from '#contract/schemas/auth.ts'
import { PhoneSchema } from '#contract/schemas/phone.ts'
import type { UserType } from '#contract/schemas/profile.ts'
import { Modal } from '#src/components/modal.tsx'
import { PhoneField } from '#src/components/phone-field.tsx'
import { phoneDigits } from '#src/components/phone-mask.ts'
import { TextField } from '#src/components/text-field.tsx'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { authApi } from '../api/auth-api.ts'
import { useAuthModal } from '../auth-modal-store.ts'
import { useEnterAccount } from '../use-enter-account.ts'
import { useFormError } from '../use-form-error.ts'
import { applyServerError } from '../use-server-errors.ts'
import { keptStep } from '../kept-step.ts'
import { CodeStep, keepStep, sentCode, verifiedUntil, type SentCode } from './code-step.tsx'
import { fieldErrorText } from './field-error.ts'
import { useResetOnClose } from './use-reset-on-close.ts'
import { loadAuthCatalog } from '../catalog.ts'
import { forgetInvite, rememberedInvite } from '#src/lib/invite.ts'

// The modals' messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadAuthCatalog()

// The patronymic and the e-mail are optional (the spec's full registration asks for them).
const PersonSchema = v.object({
  name: NameSchema,
  surname: SurnameSchema,
  patronymic: PatronymicSchema,
  email: RegisterEmailSchema,
  phone: PhoneSchema,
})
type PersonForm = v.InferInput<typeof PersonSchema>

const PasswordsSchema = passwordPairSchema(PasswordSchema)
type PasswordsForm = v.InferInput<typeof PasswordsSchema>

type Progress = { step: 1 | 2 | 3; person?: PersonForm } & Partial<SentCode>

/** Registration in three steps: who you are, the SMS code, a password and the mode to start in. */
export function RegistrationModal() {
  const { t, i18n } = useLingui()
  const { open, close, asExecutor } = useAuthModal()
  const enterAccount = useEnterAccount()
  const isOpen = open === 'registration'
  // A reload on the code or password step comes back to it (kept-step.ts), with the same code and countdown.
  const [progress, setProgress] = useState<Progress>(() => keptStep<Progress>('registration') ?? { step: 1 })

  const person = useForm<PersonForm>({
    resolver: valibotResolver(PersonSchema),
    defaultValues: { name: '', surname: '', patronymic: '', email: '', phone: '' },
  })
  const passwords = useForm<PasswordsForm>({
    resolver: valibotResolver(PasswordsSchema),
    defaultValues: { password: '', password_confirmation: '' },
  })
  const { formError, setFormError, clearing } = useFormError(person, passwords)

  const reset = useCallback(() => {
    setProgress({ step: 1 })
    setFormError(null)
    person.reset()
    passwords.reset()
  }, [person, passwords, setFormError])
  useResetOnClose(isOpen, reset)

  // Kept for a reload while the modal is open past its first step; closing it (or finishing) forgets it.
  useEffect(() => {
    const { expiresAt } = progress
    const { stayOnPage } = useAuthModal.getState()
    keepStep('registration', isOpen && expiresAt ? { ...progress, expiresAt, stayOnPage } : undefined)
  }, [isOpen, progress])

  const sendCode = async (phone: string) => {
    const sent = await authApi.sendCode(phone, 'register')
    return sent.required_id
  }

  const submitPerson = clearing(
    person.handleSubmit(async (values) => {
      const phone = phoneDigits(values.phone)
      try {
        if (await authApi.isRegistered(phone)) {
          person.setError('phone', { type: 'server', message: errorText(i18n, 'user_with_this_number') })
          return
        }
        const requiredId = await sendCode(phone)
        setProgress({ step: 2, person: values, ...sentCode(requiredId) })
      } catch (error) {
        setFormError(
          applyServerError(
            error,
            person.setError,
            { phone: 'phone', name: 'name', surname: 'surname', patronymic: 'patronymic', email: 'email' },
            t`An error occurred`,
          ),
        )
      }
    }),
  )

  const register = (type: UserType) =>
    clearing(
      passwords.handleSubmit(async (values) => {
        if (!progress.person || !progress.requiredId) return
        try {
          // The invite link's code kept by /signup (decision 015, "Bonuses"), sent only when there is one.
          const invite = rememberedInvite()
          const session = await authApi.register({
            name: progress.person.name,
            surname: progress.person.surname,
            patronymic: progress.person.patronymic?.trim() || null,
            email: progress.person.email?.trim() || null,
            username: phoneDigits(progress.person.phone),
            ...values,
            type,
            required_id: progress.requiredId,
            ...(invite && { invite }),
          })
          forgetInvite()
          keepStep('registration', undefined)
          await enterAccount(session)
        } catch (error) {
          setFormError(
            applyServerError(
              error,
              passwords.setError,
              { password: 'password', password_confirmation: 'password_confirmation' },
              t`An error occurred`,
            ),
          )
        }
      }),
    )

  // Both modes are offered (spec); a specialist who signs up on /signup finds theirs first, and Enter chooses it.
  const [first, second]: [UserType, UserType] = asExecutor
    ? ['executor', 'customer']
    : ['customer', 'executor']
  const typeLabels: Record<UserType, string> = {
    customer: t`Register as customer`,
    executor: t`Register as executor`,
  }

  return (
    <Modal open={isOpen} onClose={close} title={<Trans>Registration</Trans>}>
      <p className="modal__step" aria-live="polite">
        <Trans>Step {progress.step} of 3</Trans>
      </p>
      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      {progress.step === 1 && (
        <form noValidate className="form" onSubmit={submitPerson}>
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
          onResent={(sent) => setProgress((current) => ({ ...current, ...sent }))}
          onVerified={() => setProgress((current) => ({ ...current, step: 3, expiresAt: verifiedUntil() }))}
        />
      )}
      {progress.step === 3 && (
        <form noValidate className="form" onSubmit={register(first)}>
          <TextField
            label={t`Password`}
            type="password"
            autoComplete="new-password"
            error={fieldErrorText(i18n, passwords.formState.errors.password)}
            {...passwords.register('password')}
          />
          <TextField
            label={t`Repeat the password`}
            type="password"
            autoComplete="new-password"
            error={fieldErrorText(i18n, passwords.formState.errors.password_confirmation)}
            {...passwords.register('password_confirmation')}
          />
          <div className="form__actions">
            <button type="submit" className="button" disabled={passwords.formState.isSubmitting}>
              {typeLabels[first]}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={passwords.formState.isSubmitting}
              onClick={register(second)}
            >
              {typeLabels[second]}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}
