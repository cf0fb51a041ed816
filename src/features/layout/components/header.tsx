import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { PlusIcon } from '#src/components/first-screen-icons.tsx'
import { lazy, Suspense, useEffect, type MouseEvent } from 'react'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { earlyTap, takeEarlyTap } from '#src/lib/early-tap.ts'
import { useSession } from '#src/lib/session-store.ts'
import { GuestMenu } from './guest-menu.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'

// Only a logged-in person has these tools; a guest's first visit does not load them (nor the API client the
// account menu uses).
const MemberHeader = lazy(() => import('#src/features/member-menu/member-header.tsx'))

/** The home page's categories, where "Create an order" leads (the home page's own `?order` does the same on load). */
const CATEGORIES_ID = 'categories'

/**
 * On the home page the address does not change, so the router would do nothing: the link scrolls to the
 * categories itself and moves focus there, as a keyboard user expects from a link.
 */
function scrollToCategories(event: MouseEvent) {
  const section = document.getElementById(CATEGORIES_ID)
  if (!section) return
  event.preventDefault()
  section.scrollIntoView({ behavior: 'smooth' })
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })
}

/**
 * One row on every screen: the logo, then icons with accessible names; secondary links sit in a menu. Lucide's
 * icons are decorative by default (they render aria-hidden): the link or button around one carries its name.
 */
export function Header() {
  const { t } = useLingui()
  const token = useSession((state) => state.token)
  const type = useSession((state) => state.profile?.type)
  const showModal = useAuthModal((state) => state.show)
  const isHome = useLocation({ select: (location) => location.pathname === '/' })
  const loggedIn = token !== null
  useEffect(() => {
    if (takeEarlyTap('login') && !loggedIn) showModal('login')
  }, [loggedIn, showModal])
  const createOrder = (
    <Link
      to="/"
      search={{ order: 1 }}
      className="header__action"
      aria-label={t`Create an order`}
      onClick={scrollToCategories}
    >
      <PlusIcon />
      <span className="header__action-label" aria-hidden="true">
        <Trans>Create an order</Trans>
      </span>
    </Link>
  )

  return (
    <header className="header">
      <a href="#main" className="skip-link">
        <Trans>Skip to content</Trans>
      </a>
      <Link
        to={loggedIn && type === 'executor' ? '/account' : '/'}
        className="logo"
        aria-label={t`Fika, home`}
      >
        <img src="/icons/logo.svg" alt="" width="32" height="32" />
        <span>Fika</span>
      </Link>
      {loggedIn ? (
        <Suspense fallback={null}>
          <MemberHeader
            executor={type === 'executor'}
            createOrder={type === 'executor' ? null : createOrder}
            languages={<LanguageSwitcher />}
          />
        </Suspense>
      ) : (
        <div className="header__tools">
          {isHome && createOrder}
          <LanguageSwitcher />
          <button
            type="button"
            className="button button--small"
            onClick={() => showModal('login')}
            {...earlyTap('login')}
          >
            <Trans>Log in</Trans>
          </button>
          <GuestMenu />
        </div>
      )}
    </header>
  )
}
