import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { SmsCodeSchema } from '#contract/schemas/auth.ts'
import { formatCountdown, useCountdown } from '#src/components/use-countdown.ts'
import { TextField } from '#src/components/text-field.tsx'
import { phoneDigits } from '#src/components/phone-mask.ts'
import { formatPhone } from '#src/lib/format.ts'
import { authApi, type SmsPurpose } from '../api/auth-api.ts'
import { serverMessage } from '../use-server-errors.ts'
import { fieldErrorText } from './field-error.ts'

export const RESEND_COOLDOWN_S = 59

const CodeFormSchema = v.object({ code: SmsCodeSchema })
type CodeForm = v.InferInput<typeof CodeFormSchema>

type CodeStepProps = {
  /** The phone as the person typed it (masked or not), shown as +998 93 555-01-01 and sent as digits. */
  phone: string
  purpose: SmsPurpose
  requiredId: string
  /** Registration shows "in 59 s"; the reset flow shows the clock "00:59" and a link, as the spec draws them. */
  countdownStyle: 'seconds' | 'clock'
  /** A new code was sent: its id replaces the old one. */
  onResent: (requiredId: string) => void
  onVerified: (code: string) => void
}

/** Step 2 of registration and reset: the 4-digit code, a 59-second wait, then a way to get a new code. */
export function CodeStep({
  phone,
  purpose,
  requiredId,
  countdownStyle,
  onResent,
  onVerified,
}: CodeStepProps) {
  const { t, i18n } = useLingui()
  const { left, restart } = useCountdown(RESEND_COOLDOWN_S)
  const form = useForm<CodeForm>({ resolver: valibotResolver(CodeFormSchema), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState
  const shownPhone = formatPhone(phone)

  const showProblem = (error: unknown) =>
    form.setError('code', { type: 'server', message: serverMessage(error, t`An error occurred`) })

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await authApi.verifyCode(requiredId, code)
      onVerified(code)
    } catch (error) {
      showProblem(error)
    }
  })

  const resend = async () => {
    try {
      const sent = await authApi.sendCode(phoneDigits(phone), purpose)
      onResent(sent.required_id)
      form.reset({ code: '' })
      restart()
    } catch (error) {
      showProblem(error)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <p>
        <Trans>We sent a 4-digit code to {shownPhone}.</Trans>
      </p>
      <TextField
        label={t`Code from the SMS`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        pattern="[0-9]*"
        error={fieldErrorText(i18n, errors.code)}
        {...form.register('code')}
      />
      <p className="form__hint" aria-live="polite">
        {left > 0 ? (
          countdownStyle === 'clock' ? (
            <Trans>Send again in {formatCountdown(left)}</Trans>
          ) : (
            <Trans>You can ask for a new code in {left} s</Trans>
          )
        ) : countdownStyle === 'clock' ? (
          <button type="button" className="link-button" onClick={resend}>
            <Trans>Send the code again</Trans>
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={resend}>
            <Trans>Send the code again</Trans>
          </button>
        )}
      </p>
      <button type="submit" className="button" disabled={isSubmitting}>
        <Trans>Confirm</Trans>
      </button>
    </form>
  )
}
