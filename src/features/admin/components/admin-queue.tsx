import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { Submission } from '#contract/schemas/verification.ts'
import { LoadMore } from '#src/components/load-more.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { ApiError } from '#src/lib/api-error.ts'
import { adminApi } from '../admin-api.ts'
import '../admin.css'
import { loadAdminCatalog } from '../catalog.ts'
import { useQueue } from '../use-queue.ts'
import { AdminNav } from './admin-nav.tsx'
import { SubmissionCard } from './submission-card.tsx'

await loadAdminCatalog()

/**
 * /admin: identity documents waiting for a moderator, oldest first (docs/decisions/028). A decision takes the
 * item out of the list and says so; one another moderator made first (409 `submission_decided`) does too, in the
 * server's words.
 */
export default function VerificationQueue() {
  const { t } = useLingui()
  const queue = useQueue()
  const [notice, setNotice] = useState('')
  const noticeRef = useRef<HTMLParagraphElement>(null)

  /** Sends a decision; the item leaves the queue once it is decided, by this moderator or another. */
  const decide = async (submission: Submission, send: () => Promise<unknown>, done: string) => {
    try {
      await send()
      setNotice(done)
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'submission_decided')) throw error
      setNotice(error.message)
    }
    queue.remove(submission.id)
    // The decided item (and the button that opened its dialog) is gone: focus lands on what happened to it.
    noticeRef.current?.focus()
  }

  return (
    <ScreenLayout title={t`Documents to check`} lead={t`Identity documents of specialists, oldest first.`}>
      <AdminNav />
      <p ref={noticeRef} role="status" tabIndex={-1} className="admin-notice">
        {notice}
      </p>
      {queue.status === 'loading' && (
        <p role="status">
          <Trans>Loading the documents…</Trans>
        </p>
      )}
      {queue.status === 'failed' && (
        <div role="alert">
          <p>
            <Trans>The documents could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={queue.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {queue.status !== 'loading' && queue.status !== 'failed' && queue.items.length === 0 && (
        <p>
          <Trans>No documents are waiting for review.</Trans>
        </p>
      )}
      {queue.items.length > 0 && (
        <ul className="admin-queue" aria-label={t`Documents waiting for review`}>
          {queue.items.map((submission) => {
            const person = `${submission.user.name} ${submission.user.surname}`.trim()
            return (
              <li key={submission.id}>
                <SubmissionCard
                  submission={submission}
                  onPhotoExpired={queue.refetchLinks}
                  onApprove={() =>
                    decide(submission, () => adminApi.approve(submission.id), t`Approved: ${person}`)
                  }
                  onDeny={(reason, text) =>
                    decide(submission, () => adminApi.deny(submission.id, reason, text), t`Denied: ${person}`)
                  }
                />
              </li>
            )
          })}
        </ul>
      )}
      {queue.status === 'more-failed' && (
        <p role="alert">
          <Trans>More documents could not be loaded.</Trans>
        </p>
      )}
      {queue.hasMore && queue.status !== 'failed' && (
        <LoadMore
          loading={queue.status === 'loading-more'}
          ready={false}
          onMore={queue.loadMore}
          label={<Trans>Show more documents</Trans>}
        />
      )}
    </ScreenLayout>
  )
}
