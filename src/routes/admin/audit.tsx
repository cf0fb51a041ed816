import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { ModeratorsOnly } from '#src/components/moderators-only.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// NOTE: the console's only way in: imported when a moderator's screen renders it (ModeratorsOnly), never statically.
const AuditLog = lazy(() => import('#src/features/admin/components/admin-audit-log.tsx'))

export const Route = createFileRoute('/admin/audit')({
  beforeLoad: guardRoute('admin_audit'),
  component: AdminAuditRoute,
})

/** The moderation console's audit log (src/features/admin), for moderators only. */
function AdminAuditRoute() {
  return (
    <ModeratorsOnly>
      <AuditLog />
    </ModeratorsOnly>
  )
}
