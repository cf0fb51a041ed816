/**
 * The password reset modal's state and steps: the phone (carried over from the login view, checked as
 * registered, then a code is sent), the code, the new password; kept for a reload past the first step.
 */
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { NewPasswordSchema, passwordPairSchema } from '#contract/schemas/auth.ts'
import { PhoneSchema } from '#contract/schemas/phone.ts'
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

const PhoneFormSchema = v.object({ phone: PhoneSchema })
type PhoneForm = v.InferInput<typeof PhoneFormSchema>

const NewPasswordFormSchema = passwordPairSchema(NewPasswordSchema)
type NewPasswordForm = v.InferInput<typeof NewPasswordFormSchema>

type Progress = { step: 1 | 2 | 3; phone?: string; code?: string } & Partial<SentCode>

/** The spec's reset without the 998: the phone goes as its nine national digits, on every call of the flow. */
const nationalDigits = (masked: string) => phoneDigits(masked).replace(/^998/, '')

export function useReset() {
  const { t, i18n } = useLingui()
  const { open, show, close, phone: carriedPhone } = useAuthModal()
  const enterAccount = useEnterAccount()
  const isOpen = open === 'reset'
  // A reload past the first step comes back to the code step (kept-step.ts): the same code, the same countdown.
  const [progress, setProgress] = useState<Progress>(() => keptStep<Progress>('reset') ?? { step: 1 })
  const phoneForm = useForm<PhoneForm>({
    resolver: valibotResolver(PhoneFormSchema),
    defaultValues: { phone: '' },
  })
  const passwordForm = useForm<NewPasswordForm>({
    resolver: valibotResolver(NewPasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  })
  const { formError, setFormError, clearing } = useFormError(phoneForm, passwordForm)

  // The phone already typed in the login view is not asked for twice.
  useEffect(() => {
    if (isOpen && carriedPhone && progress.step === 1 && !phoneForm.getValues('phone'))
      phoneForm.setValue('phone', carriedPhone)
  }, [isOpen, carriedPhone, progress.step, phoneForm])

  const reset = useCallback(() => {
    setProgress({ step: 1 })
    setFormError(null)
    phoneForm.reset()
    passwordForm.reset()
  }, [phoneForm, passwordForm, setFormError])
  useResetOnClose(isOpen, reset)

  // Kept for a reload while the modal is open past its first step; closing it (or finishing) forgets it. The code
  // typed is not kept: a reload on the password step asks for it again (a verified code can be checked again).
  useEffect(() => {
    const { step, phone, requiredId, resendAt, expiresAt } = progress
    const { stayOnPage } = useAuthModal.getState()
    keepStep(
      'reset',
      isOpen && expiresAt
        ? { step: Math.min(step, 2), phone, requiredId, resendAt, expiresAt, stayOnPage }
        : undefined,
    )
  }, [isOpen, progress])

  const sendCode = async (masked: string) =>
    (await authApi.sendCode(nationalDigits(masked), 'reset_pass')).required_id

  const submitPhone = clearing(
    phoneForm.handleSubmit(async ({ phone }) => {
      try {
        if (!(await authApi.isRegistered(nationalDigits(phone)))) {
          phoneForm.setError('phone', { type: 'server', message: errorText(i18n, 'user_not_reg') })
          return
        }
        setProgress({ step: 2, phone, ...sentCode(await sendCode(phone)) })
      } catch (error) {
        setFormError(applyServerError(error, phoneForm.setError, { phone: 'phone' }, t`An error occurred`))
      }
    }),
  )

  const submitPassword = clearing(
    passwordForm.handleSubmit(async (values) => {
      const { phone, requiredId, code } = progress
      if (!phone || !requiredId || !code) return
      try {
        const session = await authApi.resetPassword({
          phone: nationalDigits(phone),
          smsCode: code,
          type: 'customer',
          required_id: requiredId,
          ...values,
        })
        keepStep('reset', undefined)
        await enterAccount(session)
      } catch (error) {
        setFormError(applyPasswordPairError(error, passwordForm.setError, t`An error occurred`))
      }
    }),
  )

  return {
    isOpen,
    close,
    show,
    progress,
    setProgress,
    phoneForm,
    passwordForm,
    formError,
    submitPhone,
    submitPassword,
  }
}
