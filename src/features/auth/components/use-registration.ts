/**
 * The registration modal's state and steps: who you are (checked as not yet registered, then a code is sent), the
 * code, and the password with the mode to start in; kept for a reload past the first step (kept-step.ts).
 */
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
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
import { phoneDigits } from '#src/components/phone-mask.ts'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { authApi } from '../api/auth-api.ts'
import { useAuthModal } from '../auth-modal-store.ts'
import { useEnterAccount } from '../use-enter-account.ts'
import { useFormError } from '../use-form-error.ts'
import { applyPasswordPairError, applyServerError } from '../use-server-errors.ts'
import { keptStep } from '../kept-step.ts'
import { keepStep, sentCode, type SentCode } from './code-step.tsx'
import { useResetOnClose } from './use-reset-on-close.ts'
import { forgetInvite, rememberedInvite } from '#src/lib/invite.ts'

// The patronymic and the e-mail are optional (the spec's full registration asks for them).
const PersonSchema = v.object({
  name: NameSchema,
  surname: SurnameSchema,
  patronymic: PatronymicSchema,
  email: RegisterEmailSchema,
  phone: PhoneSchema,
})
export type PersonForm = v.InferInput<typeof PersonSchema>

const PasswordsSchema = passwordPairSchema(PasswordSchema)
export type PasswordsForm = v.InferInput<typeof PasswordsSchema>

type Progress = { step: 1 | 2 | 3; person?: PersonForm } & Partial<SentCode>

export function useRegistration() {
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
          setFormError(applyPasswordPairError(error, passwords.setError, t`An error occurred`))
        }
      }),
    )

  return {
    isOpen,
    close,
    asExecutor,
    progress,
    setProgress,
    person,
    passwords,
    formError,
    submitPerson,
    register,
  }
}
