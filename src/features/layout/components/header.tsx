import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { useExternalLinks } from '../use-links.ts'
import { useSession } from '#src/lib/session-store.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { MainMenuItems } from './main-menu-items.tsx'
import { ShareButton } from './share-button.tsx'

// Only a logged-in person has the menu; a guest's first visit does not load it (nor the API client it uses).
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })))

export function Header() {
  const { t } = useLingui()
  const links = useExternalLinks()
  const token = useSession((state) => state.token)
  const type = useSession((state) => state.profile?.type)
  const showModal = useAuthModal((state) => state.show)
  const isHome = useLocation({ select: (location) => location.pathname === '/' })
  const loggedIn = token !== null

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
        <>
          <nav className="header__nav" aria-label={t`Main menu`}>
            <MainMenuItems className="header__link" />
          </nav>
          <div className="header__tools">
            <Link to="/notifications" className="icon-button" aria-label={t`Notifications`}>
              <span aria-hidden="true">🔔</span>
            </Link>
            {type === 'executor' && <ShareButton />}
            <LanguageSwitcher />
            <Suspense fallback={null}>
              <UserMenu />
            </Suspense>
          </div>
        </>
      ) : (
        <div className="header__tools">
          {isHome && (
            <Link to="/" search={{ order: 1 }} className="header__link">
              <Trans>Create an order</Trans>
            </Link>
          )}
          <a href={links.signupBot} className="header__link" rel="noopener" target="_blank">
            <Trans>Become a specialist</Trans>
          </a>
          <LanguageSwitcher />
          <button type="button" className="button button--small" onClick={() => showModal('login')}>
            <Trans>Log in</Trans>
          </button>
        </div>
      )}
    </header>
  )
}
