import { createRootRoute, Outlet, useLocation, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { ChunkErrorNotice } from '#src/components/chunk-error-notice.tsx'
import { AuthModals } from '#src/features/auth/components/auth-modals.tsx'
import { BottomMenu } from '#src/features/layout/components/bottom-menu.tsx'
import { Header } from '#src/features/layout/components/header.tsx'
import { lazyAfterFirstLoad, withMessages } from '#src/lib/drawn-page.ts'
import { useModeNotice } from '#src/lib/mode-notice.ts'
import { SESSION_ENDED_EVENT } from '#src/lib/session-events.ts'
import { useSession } from '#src/lib/session-store.ts'

// Loaded only when an executor is turned back from the order flow.
const OrderAsCustomerNotice = lazy(
  () => import('#src/features/mode-switch/components/order-as-customer-notice.tsx'),
)

// A 404 is rare: its screen loads when one is shown.
const NotFound = lazy(() => import('#src/components/not-found.tsx').then((m) => ({ default: m.NotFound })))

// Nothing the first tap needs: on a page the server drew, these hydrate after the first load (docs/decisions/018).
const Footer = lazyAfterFirstLoad(() =>
  withMessages(
    import('#src/features/site-links/footer.tsx'),
    import('#src/features/site-links/catalog.ts').then((catalog) => catalog.loadSiteLinksCatalog()),
  ),
)
const AppNotices = lazyAfterFirstLoad(() =>
  withMessages(
    import('#src/features/app-notices/app-notices.tsx'),
    import('#src/features/app-notices/catalog.ts').then((catalog) => catalog.loadAppNoticesCatalog()),
  ),
)

// The news strip only scrolls by: on a page the server drew it needs no code until after the first load.
const SiteMarquee = lazyAfterFirstLoad(() => import('#src/features/layout/components/marquee.tsx'))

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: () => (
    <Suspense>
      <NotFound />
    </Suspense>
  ),
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
      <Suspense>
        <SiteMarquee />
      </Suspense>
      <Suspense>
        <AppNotices />
      </Suspense>
      <main id="main" className="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <BottomMenu />
      <AuthModals loggedIn={loggedIn} />
      {/* Not lazy: it tells that lazy parts failed to load. */}
      <ChunkErrorNotice />
      {modeNotice && (
        <Suspense>
          <OrderAsCustomerNotice />
        </Suspense>
      )}
    </>
  )
}
