import { createRootRoute, Outlet, useLocation, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { NotFound } from '#src/components/not-found.tsx'
import { OfflineNotice } from '#src/components/offline-notice.tsx'
import { OutboxNotice } from '#src/components/outbox-notice.tsx'
import { UpdatePrompt } from '#src/components/update-prompt.tsx'
import { AuthModals } from '#src/features/auth/components/auth-modals.tsx'
import { BottomMenu } from '#src/features/layout/components/bottom-menu.tsx'
import { Footer } from '#src/features/layout/components/footer.tsx'
import { Header } from '#src/features/layout/components/header.tsx'
import { useModeNotice } from '#src/lib/mode-notice.ts'
import { SESSION_ENDED_EVENT } from '#src/lib/session-events.ts'
import { useSession } from '#src/lib/session-store.ts'

// Loaded only when an executor is turned back from the order flow.
const OrderAsCustomerNotice = lazy(
  () => import('#src/features/mode-switch/components/order-as-customer-notice.tsx'),
)

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: () => <NotFound />,
})

/** Route changes scroll to the top smoothly, or to the element of the hash (spec section 2). */
function useScrollOnNavigation() {
  const { pathname, hash } = useLocation({ select: (l) => ({ pathname: l.pathname, hash: l.hash }) })
  useEffect(() => {
    const target = hash ? document.getElementById(hash) : null
    if (target) target.scrollIntoView({ behavior: 'smooth' })
    else window.scrollTo({ top: 0, behavior: 'smooth' })
  }, [pathname, hash])
}

function RootLayout() {
  const navigate = useNavigate()
  const loggedIn = useSession((state) => state.token !== null)
  const modeNotice = useModeNotice((state) => state.returnTo !== null)
  useScrollOnNavigation()

  useEffect(() => {
    // A refresh that failed ended the session: the client cleared it; the app goes home.
    const goHome = () => void navigate({ to: '/' })
    window.addEventListener(SESSION_ENDED_EVENT, goHome)
    return () => window.removeEventListener(SESSION_ENDED_EVENT, goHome)
  }, [navigate])

  return (
    <>
      <Header />
      <OfflineNotice />
      <OutboxNotice />
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <BottomMenu />
      <AuthModals loggedIn={loggedIn} />
      <UpdatePrompt />
      {modeNotice && (
        <Suspense>
          <OrderAsCustomerNotice />
        </Suspense>
      )}
    </>
  )
}
