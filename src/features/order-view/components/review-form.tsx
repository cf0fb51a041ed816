import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as v from 'valibot'
import { ReviewBodySchema } from '#contract/schemas/orders.ts'
import { orderApi } from '../api/order-api.ts'
import { failureText, fieldText } from '../messages.ts'
import { TextAreaField } from './text-area-field.tsx'

const RATINGS = [1, 2, 3, 4, 5] as const
const ReviewFormSchema = v.object({
  // A radio group answers a string; the contract wants the number.
  rating: v.pipe(v.string('rating_required'), v.transform(Number), ReviewBodySchema.entries.rating),
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
    defaultValues: { rating: '', comment: '' },
  })
  const { errors, isSubmitting } = form.formState
  const ratingError = fieldText(i18n, errors.rating?.message)

  const submit = form.handleSubmit(async (review) => {
    setFailure(null)
    try {
      onSent(await orderApi.review(orderId, { ...review, service: serviceId }))
    } catch (error) {
      setFailure(failureText(i18n, error))
    }
  })

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      <fieldset className="rating" aria-describedby={ratingError ? 'rating-error' : undefined}>
        <legend className="field__label">
          <Trans>Rating</Trans>
        </legend>
        <div className="rating__options">
          {RATINGS.map((rating) => (
            <label key={rating} className="rating__option">
              <input type="radio" value={String(rating)} {...form.register('rating')} />
              <span aria-hidden="true">{'★'.repeat(rating)}</span>
              <span className="visually-hidden">{t`${rating} of 5`}</span>
            </label>
          ))}
        </div>
        {ratingError && (
          <p id="rating-error" className="field__error" role="alert">
            {ratingError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={t`Comment`}
        error={fieldText(i18n, errors.comment?.message)}
        {...form.register('comment')}
      />
      <button type="submit" className="button" disabled={isSubmitting}>
        <Trans>Leave the review</Trans>
      </button>
    </form>
  )
}
