import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { ReplyBodySchema, TEXT_MAX } from '#contract/schemas/orders.ts'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import {
  isReplyWaiting,
  onReplyDelivered,
  sendReply,
  type LateDelivery,
  type Reply,
} from '../api/send-reply.ts'
import { failureText, fieldText, refusalText } from '../messages.ts'
import { dropReplyDraft, keepReplyDraft, readReplyDraft } from '../reply-draft.ts'
import { TextAreaField } from './text-area-field.tsx'
import { haptic } from '#src/lib/haptics.ts'

type ReplyFormProps = { orderId: number; onSent: (reply: Reply | null) => void }

/**
 * An executor's reply. The text is kept on the device as it is typed; without a network the reply waits in the
 * outbox and goes out by itself when the network returns.
 */
export function ReplyForm({ orderId, onSent }: ReplyFormProps) {
  const { t, i18n } = useLingui()
  const [draft] = useState(() => readReplyDraft(orderId))
  const [queued, setQueued] = useState(draft.queued)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<{ message: string }>({
    resolver: valibotResolver(ReplyBodySchema),
    defaultValues: { message: draft.text },
  })
  const { errors, isSubmitting } = form.formState
  const length = useWatch({ control: form.control, name: 'message' }).length
  // The latest callback, without re-running the effects below on every render of the parent.
  const onSentRef = useRef(onSent)
  useEffect(() => {
    onSentRef.current = onSent
  })

  const delivered = useCallback(
    ({ ok, data }: LateDelivery) => {
      setQueued(false)
      if (ok) {
        dropReplyDraft(orderId)
        haptic('success')
        onSentRef.current(null)
        return
      }
      // Refused when it finally arrived (the order was paused meanwhile): the text stays for another try.
      keepReplyDraft(orderId, { ...draft, text: form.getValues('message'), queued: false })
      haptic('error')
      setFailure(refusalText(i18n, data))
    },
    [orderId, draft, i18n, form],
  )

  useEffect(() => onReplyDelivered(draft.key, delivered), [draft.key, delivered])

  // A reply queued before a reload may have gone out (or been refused) while the page was closed: the replies,
  // read again, tell which.
  useEffect(() => {
    if (!draft.queued) return
    let current = true
    void isReplyWaiting(draft.key).then((waiting) => {
      if (!current || waiting) return
      keepReplyDraft(orderId, { ...draft, queued: false })
      setQueued(false)
      onSentRef.current(null)
    })
    return () => {
      current = false
    }
  }, [orderId, draft])

  const submit = form.handleSubmit(async ({ message }) => {
    setFailure(null)
    try {
      const delivery = await sendReply(orderId, message, draft.key)
      if (delivery.status === 'queued') {
        keepReplyDraft(orderId, { ...draft, text: message, queued: true })
        setQueued(true)
        return
      }
      dropReplyDraft(orderId)
      haptic('success')
      onSent(delivery.data)
    } catch (error) {
      haptic('error')
      setFailure(failureText(i18n, error))
    }
  })

  if (queued) {
    return (
      <p className="saved-notice" role="status" data-testid="reply-queued">
        <Trans>Your reply is saved and will be sent when the network returns.</Trans>
      </p>
    )
  }
  return (
    <form className="form order-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <TextAreaField
        label={t`Your reply`}
        placeholder={t`What you offer, when you can start, your price`}
        error={fieldText(i18n, errors.message?.message, TEXT_MAX)}
        maxLength={TEXT_MAX}
        count={{ length, words: limitWords(i18n, length, TEXT_MAX) }}
        {...form.register('message', {
          onChange: (event: { target: { value: string } }) =>
            keepReplyDraft(orderId, { ...draft, text: event.target.value, queued: false }),
        })}
      />
      <button type="submit" className="button" disabled={isSubmitting}>
        <Trans>Send the reply</Trans>
      </button>
    </form>
  )
}
