import { lazy, Suspense } from 'react'
import { useSession } from '#src/lib/session-store.ts'

// Loaded for a logged-in person only: a guest's first visit carries neither the bar nor its icons.
const MemberBottomMenu = lazy(() => import('#src/features/member-menu/member-bottom-menu.tsx'))

/** The menu within a thumb's reach on a phone; hidden on wide screens, where the header shows it. */
export function BottomMenu() {
  const loggedIn = useSession((state) => state.token !== null)
  if (!loggedIn) return null
  return (
    <Suspense fallback={null}>
      <MemberBottomMenu />
    </Suspense>
  )
}
