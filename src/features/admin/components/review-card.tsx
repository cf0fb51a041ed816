import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { AdminReview } from '#contract/schemas/moderation.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { ReasonDialog } from './proposal-dialogs.tsx'

type ReviewCardProps = {
  review: AdminReview
  onHide: (reason: string) => Promise<void>
  onUnhide: () => Promise<void>
  onSpecialist: (review: AdminReview) => void
}

/** One review: the stars, the text, who wrote it about whom, whether it is hidden and why; hide it or show it again. */
export function ReviewCard({ review, onHide, onUnhide, onSpecialist }: ReviewCardProps) {
  const { t } = useLingui()
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const titleId = `review-${review.id}`
  const author = `${review.author.name} ${review.author.surname}`.trim()
  const specialist = `${review.specialist.name} ${review.specialist.surname}`.trim()
  const rating = review.rating

  const unhide = async () => {
    setBusy(true)
    try {
      await onUnhide()
    } finally {
      setBusy(false)
    }
  }

  return (
    <article className={`admin-card${review.hidden ? ' admin-card--hidden' : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">
        {t`Review by ${author} of ${specialist}`}
      </h2>
      <p className="admin-card__rating">
        <span aria-hidden="true">{'★'.repeat(rating) + '☆'.repeat(5 - rating)}</span>{' '}
        <span className="visually-hidden">{t`Rating: ${rating} of 5`}</span>
      </p>
      <p className="admin-card__text">{review.comment}</p>
      <dl className="admin-card__facts">
        <div>
          <dt>
            <Trans>Written on</Trans>
          </dt>
          <dd>
            <time dateTime={review.created_at}>{formatDateTime(review.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Specialist</Trans>
          </dt>
          <dd>
            <Link to="/profile/$slug" params={{ slug: review.specialist.slug }}>
              {specialist}
            </Link>
          </dd>
        </div>
        {review.hidden && (
          <div>
            <dt>
              <Trans>Hidden because</Trans>
            </dt>
            <dd>{review.hidden.reason}</dd>
          </div>
        )}
      </dl>
      <div className="admin-card__actions">
        {review.hidden ? (
          <button type="button" className="button" onClick={() => void unhide()} disabled={busy}>
            <Trans>Show again</Trans>
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setAsking(true)}>
            <Trans>Hide</Trans>
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => onSpecialist(review)}>
          {t`All reviews of ${specialist}`}
        </button>
      </div>
      {asking && (
        <ReasonDialog
          title={t`Hide the review by ${author}`}
          lead={t`Nobody sees a hidden review, and the specialist’s rating is counted without it.`}
          action={t`Hide`}
          onClose={() => setAsking(false)}
          onDecide={async (reason) => {
            await onHide(reason)
            setAsking(false)
          }}
        />
      )}
    </article>
  )
}
