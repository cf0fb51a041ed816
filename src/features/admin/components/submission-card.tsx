import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { DenyReason, Submission } from '#contract/schemas/verification.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { useAdminWords } from '../words.ts'
import { ApproveDialog, DenyDialog } from './decision-dialogs.tsx'
import { DocumentPhotos } from './document-photos.tsx'

type SubmissionCardProps = {
  submission: Submission
  onApprove: () => Promise<void>
  onDeny: (reason: DenyReason, text: string) => Promise<void>
  onPhotoExpired: () => void
}

/** One person's documents: who, which document and since when, the photos, and the two decisions. */
export function SubmissionCard({ submission, onApprove, onDeny, onPhotoExpired }: SubmissionCardProps) {
  const { t } = useLingui()
  const words = useAdminWords()
  const [asking, setAsking] = useState<'approve' | 'deny' | null>(null)
  const { user } = submission
  const person = `${user.name} ${user.surname}`.trim()
  const titleId = `submission-${submission.id}`
  const close = () => setAsking(null)

  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <header className="admin-card__header">
        <span className="avatar" aria-hidden="true">
          {user.avatar_thumb ? (
            <img src={user.avatar_thumb} alt="" width="40" height="40" />
          ) : (
            user.name.slice(0, 1)
          )}
        </span>
        <div>
          <h2 id={titleId} className="admin-card__title">
            {person}
          </h2>
          <Link to="/profile/$slug" params={{ slug: user.slug }} className="admin-card__profile">
            {t`Public profile of ${person}`}
          </Link>
        </div>
      </header>
      <dl className="admin-card__facts">
        <div>
          <dt>
            <Trans>Document</Trans>
          </dt>
          <dd>{words.documentTypes[submission.type]}</dd>
        </div>
        <div>
          <dt>
            <Trans>Sent on</Trans>
          </dt>
          <dd>
            <time dateTime={submission.submitted_at}>{formatDateTime(submission.submitted_at)}</time>
          </dd>
        </div>
      </dl>
      {submission.photos ? (
        <DocumentPhotos photos={submission.photos} person={person} onExpired={onPhotoExpired} />
      ) : (
        <p className="form__hint">
          <Trans>The photos have been deleted.</Trans>
        </p>
      )}
      <div className="admin-card__actions">
        <button type="button" className="button" onClick={() => setAsking('approve')}>
          <Trans>Approve</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking('deny')}>
          <Trans>Deny</Trans>
        </button>
      </div>
      {asking === 'approve' && <ApproveDialog person={person} onClose={close} onDecide={onApprove} />}
      {asking === 'deny' && <DenyDialog person={person} onClose={close} onDecide={onDeny} />}
    </article>
  )
}
