import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { OptionalPart } from '#src/components/optional-part.tsx'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadNotificationsCatalog } from '#src/features/notifications/catalog.ts'
import { NotificationsScreen } from '#src/features/notifications/components/notifications-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

// The browser push offer is its own feature and chunk: the list does not wait for it.
const PushPermissionCard = lazy(() => import('#src/features/push/push-permission-card.tsx'))

export const Route = createFileRoute('/notifications')({
  beforeLoad: guardRoute('notifications'),
  component: NotificationsRoute,
})

/** All notifications (src/features/notifications), loaded with its own chunk and messages. */
function NotificationsRoute() {
  return (
    <WithCatalog load={loadNotificationsCatalog}>
      <NotificationsScreen
        intro={
          <OptionalPart>
            <PushPermissionCard />
          </OptionalPart>
        }
      />
    </WithCatalog>
  )
}
