import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { ModeratorsOnly } from '#src/components/moderators-only.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// NOTE: the console's only way in: imported when a moderator's screen renders it (ModeratorsOnly), never statically.
const ProposedServices = lazy(() => import('#src/features/admin/components/admin-services.tsx'))

export const Route = createFileRoute('/admin/services')({
  beforeLoad: guardRoute('admin_services'),
  component: AdminServicesRoute,
})

/** The moderation console's proposed services (src/features/admin), for moderators only. */
function AdminServicesRoute() {
  return (
    <ModeratorsOnly>
      <ProposedServices />
    </ModeratorsOnly>
  )
}
