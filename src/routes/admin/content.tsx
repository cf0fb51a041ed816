import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { ModeratorsOnly } from '#src/components/moderators-only.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// NOTE: the console's only way in: imported when a moderator's screen renders it (ModeratorsOnly), never statically.
const ContentEditor = lazy(() => import('#src/features/admin/components/admin-content.tsx'))

export const Route = createFileRoute('/admin/content')({
  beforeLoad: guardRoute('admin_content'),
  component: AdminContentRoute,
})

/** The moderation console's content editor (src/features/admin), for moderators only. */
function AdminContentRoute() {
  return (
    <ModeratorsOnly>
      <ContentEditor />
    </ModeratorsOnly>
  )
}
