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
import { keptStepKey, type Kept, type StepModal } from '../kept-step.ts'
import { serverMessage } from '../use-server-errors.ts'
import { fieldErrorText } from './field-error.ts'

export const RESEND_COOLDOWN_S = 59
/** A sent code can be typed for 5 minutes; once verified it may register or reset for 30 (docs/decisions/002). */
const CODE_LIFETIME_MS = 5 * 60_000
const VERIFIED_LIFETIME_MS = 30 * 60_000

/** A code sent to the phone: its id, when a new one may be asked for, and until when the step is worth keeping. */
export type SentCode = { requiredId: string; resendAt: number; expiresAt: number }

export const sentCode = (requiredId: string, resendAt = Date.now() + RESEND_COOLDOWN_S * 1000): SentCode => ({
  requiredId,
  resendAt,
  expiresAt: Date.now() + CODE_LIFETIME_MS,
})

/** Until when a step after a verified code is worth keeping. */
export const verifiedUntil = () => Date.now() + VERIFIED_LIFETIME_MS

/**
 * Keeps a modal's step for a reload of this tab (kept-step.ts), or forgets it (`undefined`: back on the first step,
 * closed, done). Only what the steps need goes in: never a password, never the code itself.
 */
export function keepStep<T extends Kept>(modal: StepModal, step: T | undefined) {
  try {
    if (step) sessionStorage.setItem(keptStepKey(modal), JSON.stringify(step))
    else sessionStorage.removeItem(keptStepKey(modal))
  } catch {
    // A storage that refuses: a reload starts over, as before.
  }
}

const CodeFormSchema = v.object({ code: SmsCodeSchema })
type CodeForm = v.InferInput<typeof CodeFormSchema>

type CodeStepProps = {
  /** The phone as the person typed it (masked or not), shown as +998 93 555-01-01 and sent as digits. */
  phone: string
  purpose: SmsPurpose
  requiredId: string
  /** When a new code may be asked for (a reload keeps it); 59 seconds from now when not given. */
  resendAt?: number
  /** Registration shows "in 59 s"; the reset flow shows the clock "00:59" and a link, as the spec draws them. */
  countdownStyle: 'seconds' | 'clock'
  /** A new code was sent: it replaces the old one. */
  onResent: (sent: SentCode) => void
  onVerified: (code: string) => void
}

/** Step 2 of registration and reset: the 4-digit code, a 59-second wait, then a way to get a new code. */
export function CodeStep({
  phone,
  purpose,
  requiredId,
  resendAt,
  countdownStyle,
  onResent,
  onVerified,
}: CodeStepProps) {
  const { t, i18n } = useLingui()
  const { left, restart } = useCountdown(RESEND_COOLDOWN_S, resendAt)
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
      onResent(sentCode(sent.required_id, restart()))
      form.reset({ code: '' })
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
