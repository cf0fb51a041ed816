import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { LoginBodySchema } from '#contract/schemas/auth.ts'
import type { UserType } from '#contract/schemas/profile.ts'
import { Modal } from '#src/components/modal.tsx'
import { PhoneField } from '#src/components/phone-field.tsx'
import { phoneDigits } from '#src/components/phone-mask.ts'
import { TextField } from '#src/components/text-field.tsx'
import { authApi } from '../api/auth-api.ts'
import { useAuthModal } from '../auth-modal-store.ts'
import { useEnterAccount } from '../use-enter-account.ts'
import { useFormError } from '../use-form-error.ts'
import { applyServerError } from '../use-server-errors.ts'
import { fieldErrorText } from './field-error.ts'
import { loadAuthCatalog } from '../catalog.ts'

// The modals' messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadAuthCatalog()

export const PHONE_FOCUS_DELAY_MS = 200

const LoginFormSchema = v.pick(LoginBodySchema, ['username', 'password'])
type LoginForm = v.InferInput<typeof LoginFormSchema>

export function LoginModal() {
  const { t, i18n } = useLingui()
  const { open, show, close } = useAuthModal()
  const enterAccount = useEnterAccount()
  const phoneRef = useRef<HTMLInputElement | null>(null)
  const formRef = useRef<HTMLFormElement | null>(null)
  const isOpen = open === 'login'
  const form = useForm<LoginForm>({
    resolver: valibotResolver(LoginFormSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState
  const { formError, setFormError, clearing } = useFormError(form)

  useEffect(() => {
    if (!isOpen) return
    // The spec's delay lets the dialog finish opening before the keyboard comes up. Someone quicker than that has
    // already chosen a field: moving them to the phone would send the rest of their password into it.
    const timer = setTimeout(() => {
      if (formRef.current?.contains(document.activeElement)) return
      phoneRef.current?.focus()
    }, PHONE_FOCUS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [isOpen])

  const logIn = (type: UserType) =>
    clearing(
      form.handleSubmit(async ({ username, password }) => {
        try {
          const session = await authApi.login({ username: phoneDigits(username), password, type })
          form.reset()
          await enterAccount(session)
        } catch (error) {
          setFormError(
            applyServerError(
              error,
              form.setError,
              { username: 'username', password: 'password' },
              t`An error occurred`,
            ),
          )
        }
      }),
    )

  const { ref: registerPhoneRef, ...phoneField } = form.register('username')
  return (
    <Modal open={isOpen} onClose={close} title={<Trans>Log in</Trans>}>
      <form ref={formRef} noValidate className="form" onSubmit={logIn('customer')}>
        {formError && (
          <p className="form__error" role="alert">
            {formError}
          </p>
        )}
        <PhoneField
          label={t`Phone number`}
          error={fieldErrorText(i18n, errors.username)}
          {...phoneField}
          ref={(element) => {
            registerPhoneRef(element)
            phoneRef.current = element
          }}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          error={fieldErrorText(i18n, errors.password)}
          {...form.register('password')}
        />
        <div className="form__actions">
          <button type="submit" className="button" disabled={isSubmitting}>
            <Trans>Log in as customer</Trans>
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={isSubmitting}
            onClick={logIn('executor')}
          >
            <Trans>Log in as executor</Trans>
          </button>
        </div>
        <button
          type="button"
          className="link-button"
          onClick={() => show('reset', { phone: form.getValues('username') })}
        >
          <Trans>Forgot your password?</Trans>
        </button>
        <p className="form__hint">
          <Trans>No account yet?</Trans>{' '}
          <button type="button" className="link-button" onClick={() => show('registration')}>
            <Trans>Register</Trans>
          </button>
        </p>
      </form>
    </Modal>
  )
}
