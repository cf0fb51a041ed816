import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { UserReview } from '#contract/schemas/specialists.ts'
import { PagedListEnd } from '#src/components/load-more.tsx'
import { PagedListStates, PagedRows } from '#src/components/paged-list.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { RatingSummary, ReviewItem } from '#src/features/specialist-words/words.tsx'
import { formatNumber } from '#src/lib/format.ts'
import { usePagedList } from '#src/lib/use-paged-list.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { reviewsApi } from '../api/reviews-api.ts'
import { loadFeedbacksCatalog } from '../catalog.ts'
import '../feedbacks.css'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadFeedbacksCatalog()

export const PER_PAGE = 20

type Summary = { breakdown: Record<1 | 2 | 3 | 4 | 5, number>; rating: number; count: number }

/** /feedbacks/{userId}: every review of a user, newest first, a page at a time, with the rating breakdown. */
export function FeedbacksScreen({ userId }: { userId: number }) {
  const { t } = useLingui()
  const [summary, setSummary] = useState<Summary | null>(null)
  const [who, setWho] = useState<{ name: string; slug: string } | null>(null)
  useEffect(() => {
    let live = true
    reviewsApi
      .name(userId)
      .then((found) => live && setWho(found))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [userId])
  const list = usePagedList<UserReview>(
    String(userId),
    async (page, cursor) => {
      const answer = await reviewsApi.page(userId, page, PER_PAGE, cursor)
      const { breakdown, rating, reviews_count } = answer.data
      setSummary({ breakdown, rating, count: reviews_count })
      return {
        items: answer.data.collection,
        total: answer.data.meta.total,
        savedAt: answer.saved ? answer.savedAt : null,
        nextCursor: answer.data.meta.next_cursor,
      }
    },
    PER_PAGE,
  )
  const name = who?.name
  const title = name ? withUserText((text) => t`Reviews of ${{ name: text(name) }}`) : t`Reviews`

  return (
    <ScreenLayout
      title={title}
      description={t`What customers say about the work of this specialist on Fika.`}
    >
      {who && (
        <p>
          <Link to="/profile/$slug" params={{ slug: who.slug }}>
            <Trans>Open the profile</Trans>
          </Link>
        </p>
      )}
      <PagedListStates
        list={list}
        loading={<Trans>Loading reviews…</Trans>}
        problemClassName="specialists-problem"
        offline={
          <Trans>No internet connection, and these reviews have not been saved on this device yet.</Trans>
        }
        failed={<Trans>The reviews could not be loaded.</Trans>}
      >
        {() => (
          <>
            {list.savedAt !== null && <SavedNotice savedAt={list.savedAt} />}
            {summary && summary.count > 0 && <Breakdown summary={summary} />}
            <section aria-labelledby="reviews-list-title">
              <h2 id="reviews-list-title" className="visually-hidden">
                <Trans>All reviews</Trans>
              </h2>
              <PagedRows
                items={list.items}
                className="feedbacks__list"
                empty={
                  <p>
                    <Trans>No reviews yet</Trans>
                  </p>
                }
                row={(review) => <ReviewItem review={review} />}
              />
              <PagedListEnd
                list={list}
                problemClassName="specialists-problem"
                failed={<Trans>The next reviews could not be loaded.</Trans>}
                label={<Trans>Show more reviews</Trans>}
              />
            </section>
          </>
        )}
      </PagedListStates>
    </ScreenLayout>
  )
}

const STARS = [5, 4, 3, 2, 1] as const

/**
 * Five bars, five stars to one, each with its count. A screen reader reads each row as "5 stars: 12 reviews"; the
 * bar itself is drawn for the eye only.
 */
function Breakdown({ summary }: { summary: Summary }) {
  const { t } = useLingui()
  const most = Math.max(...STARS.map((stars) => summary.breakdown[stars]), 1)
  return (
    <section className="breakdown" aria-labelledby="breakdown-title">
      <h2 id="breakdown-title">
        <Trans>Rating</Trans>
      </h2>
      <RatingSummary rating={summary.rating} reviews={summary.count} />
      <ul className="breakdown__rows">
        {STARS.map((stars) => {
          const count = formatNumber(summary.breakdown[stars])
          return (
            <li key={stars} className="breakdown__row">
              <span className="breakdown__label">{t`Rated ${stars}: ${count}`}</span>
              <span className="breakdown__bar" aria-hidden="true">
                <BarFill share={summary.breakdown[stars] / most} />
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/**
 * A bar's filled part. Its width is set from script (the CSSOM), not as a style attribute: the CSP forbids inline
 * styles, and the server's HTML would carry one.
 */
function BarFill({ share }: { share: number }) {
  const fill = useRef<HTMLSpanElement>(null)
  useLayoutEffect(() => {
    if (fill.current) fill.current.style.width = `${share * 100}%`
  }, [share])
  return <span ref={fill} />
}
