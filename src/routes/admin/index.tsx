import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { ModeratorsOnly } from '#src/components/moderators-only.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// NOTE: the console's only way in: imported when a moderator's screen renders it (ModeratorsOnly), never statically.
const VerificationQueue = lazy(() => import('#src/features/admin/components/admin-queue.tsx'))

export const Route = createFileRoute('/admin/')({
  beforeLoad: guardRoute('admin'),
  component: AdminRoute,
})

/** The moderation console's queue of identity documents (src/features/admin), for moderators only. */
function AdminRoute() {
  return (
    <ModeratorsOnly>
      <VerificationQueue />
    </ModeratorsOnly>
  )
}
