import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { AdminReview } from '#contract/schemas/moderation.ts'
import { LoadMore } from '#src/components/load-more.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import '../admin.css'
import { catalogueAdminApi } from '../catalogue-api.ts'
import { loadAdminCatalog } from '../catalog.ts'
import { useCursorList } from '../use-cursor-list.ts'
import { AdminNav } from './admin-nav.tsx'
import { useFailureText } from './sending.ts'
import { ReviewCard } from './review-card.tsx'

await loadAdminCatalog()

/**
 * /admin/reviews: reviews newest first, hidden ones too (docs/decisions/030-proposed-services-and-hidden-reviews.md), or one specialist's. A review that
 * breaks the rules is hidden with a reason (nobody sees it, the rating is counted without it) and can be shown
 * again.
 */
export default function ModeratedReviews() {
  const { t } = useLingui()
  const failureText = useFailureText()
  const [specialist, setSpecialist] = useState<AdminReview['specialist'] | null>(null)
  const list = useCursorList(`reviews:${specialist?.id ?? ''}`, (cursor) =>
    catalogueAdminApi.reviews(cursor, specialist?.id),
  )
  const [notice, setNotice] = useState('')
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const say = (text: string) => {
    setNotice(text)
    noticeRef.current?.focus()
  }
  const specialistName = specialist ? `${specialist.name} ${specialist.surname}`.trim() : ''

  return (
    <ScreenLayout title={t`Reviews`} lead={t`Reviews of specialists, newest first, hidden ones too.`}>
      <AdminNav />
      {specialist && (
        <div className="admin-filter">
          <p>{t`Only the reviews of ${specialistName}.`}</p>
          <button type="button" className="button button--secondary" onClick={() => setSpecialist(null)}>
            <Trans>Show all reviews</Trans>
          </button>
        </div>
      )}
      <p ref={noticeRef} role="status" tabIndex={-1} className="admin-notice">
        {notice}
      </p>
      {list.status === 'loading' && (
        <p role="status">
          <Trans>Loading the reviews…</Trans>
        </p>
      )}
      {list.status === 'failed' && (
        <div role="alert">
          <p>
            <Trans>The reviews could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={list.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {list.status !== 'loading' && list.status !== 'failed' && list.items.length === 0 && (
        <p>
          <Trans>There are no reviews yet.</Trans>
        </p>
      )}
      {list.items.length > 0 && (
        <ul className="admin-queue" aria-label={t`Reviews, newest first`}>
          {list.items.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                onHide={async (reason) => {
                  list.replace(await catalogueAdminApi.hide(review.id, reason))
                  say(t`The review is hidden.`)
                }}
                onUnhide={async () => {
                  try {
                    list.replace(await catalogueAdminApi.unhide(review.id))
                    say(t`The review is shown again.`)
                  } catch (error) {
                    say(failureText(error))
                  }
                }}
                onSpecialist={(chosen) => setSpecialist(chosen.specialist)}
              />
            </li>
          ))}
        </ul>
      )}
      {list.status === 'more-failed' && (
        <p role="alert">
          <Trans>More reviews could not be loaded.</Trans>
        </p>
      )}
      {list.hasMore && list.status !== 'failed' && (
        <LoadMore
          loading={list.status === 'loading-more'}
          ready={false}
          onMore={list.loadMore}
          label={<Trans>Show more reviews</Trans>}
        />
      )}
    </ScreenLayout>
  )
}
