import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { ModeratorsOnly } from '#src/components/moderators-only.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// NOTE: the console's only way in: imported when a moderator's screen renders it (ModeratorsOnly), never statically.
const ModeratedReviews = lazy(() => import('#src/features/admin/components/admin-reviews.tsx'))

export const Route = createFileRoute('/admin/reviews')({
  beforeLoad: guardRoute('admin_reviews'),
  component: AdminReviewsRoute,
})

/** The moderation console's reviews (src/features/admin), for moderators only. */
function AdminReviewsRoute() {
  return (
    <ModeratorsOnly>
      <ModeratedReviews />
    </ModeratorsOnly>
  )
}
