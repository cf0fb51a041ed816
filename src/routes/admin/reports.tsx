import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { ModeratorsOnly } from '#src/components/moderators-only.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// NOTE: the console's only way in: imported when a moderator's screen renders it (ModeratorsOnly), never statically.
const AdminReports = lazy(() => import('#src/features/admin/components/admin-reports.tsx'))

export const Route = createFileRoute('/admin/reports')({
  beforeLoad: guardRoute('admin_reports'),
  component: AdminReportsRoute,
})

/** The moderation console's reports (src/features/admin, docs/decisions/029), for moderators only. */
function AdminReportsRoute() {
  return (
    <ModeratorsOnly>
      <AdminReports />
    </ModeratorsOnly>
  )
}
