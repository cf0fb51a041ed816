import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import * as v from 'valibot'
import { ReviewBodySchema, TEXT_MAX } from '#contract/schemas/orders.ts'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { orderApi } from '../api/order-api.ts'
import { failureText, fieldText } from '../messages.ts'
import { StarRating } from './star-rating.tsx'
import { TextAreaField } from './text-area-field.tsx'

const ReviewFormSchema = v.object({
  // 0 until a star is chosen; the contract wants 1 to 5.
  rating: v.pipe(v.number('rating_required'), ReviewBodySchema.entries.rating),
  comment: ReviewBodySchema.entries.comment,
})
type ReviewForm = v.InferInput<typeof ReviewFormSchema>
export type Review = { rating: number; comment: string }

/** The customer's one review of the executor after completion: a rating of 1 to 5 and a comment. */
type ReviewFormProps = { orderId: number; serviceId: number | null; onSent: (review: Review) => void }

export function ReviewForm({ orderId, serviceId, onSent }: ReviewFormProps) {
  const { t, i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<ReviewForm, unknown, v.InferOutput<typeof ReviewFormSchema>>({
    resolver: valibotResolver(ReviewFormSchema),
    defaultValues: { rating: 0, comment: '' },
  })
  const { errors, isSubmitting } = form.formState
  const ratingError = fieldText(i18n, errors.rating?.message)
  const length = useWatch({ control: form.control, name: 'comment' }).length

  const submit = form.handleSubmit(async (review) => {
    setFailure(null)
    try {
      onSent(await orderApi.review(orderId, { ...review, service: serviceId }))
    } catch (error) {
      // Left from another device: the review exists, so show it instead of the form.
      if (error instanceof ApiError && error.code === 'already_reviewed') {
        const left = await orderApi.reviewOf(orderId).catch(() => null)
        if (left) return onSent(left)
      }
      setFailure(failureText(i18n, error))
    }
  })

  return (
    <form className="form order-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <div className="rating">
        <p id="rating-label" className="field__label">
          <Trans>Rating</Trans>
        </p>
        <Controller
          control={form.control}
          name="rating"
          render={({ field }) => (
            <StarRating
              value={field.value}
              onChange={field.onChange}
              labelledBy="rating-label"
              describedBy={ratingError ? 'rating-error' : undefined}
              invalid={Boolean(ratingError)}
            />
          )}
        />
        {ratingError && (
          <p id="rating-error" className="field__error" role="alert">
            {ratingError}
          </p>
        )}
      </div>
      <TextAreaField
        label={t`Comment`}
        error={fieldText(i18n, errors.comment?.message, TEXT_MAX)}
        maxLength={TEXT_MAX}
        count={{ length, words: limitWords(i18n, length, TEXT_MAX) }}
        {...form.register('comment')}
      />
      <button type="submit" className="button" disabled={isSubmitting}>
        <Trans>Leave the review</Trans>
      </button>
    </form>
  )
}
