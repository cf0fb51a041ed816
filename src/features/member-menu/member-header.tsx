import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Bell } from 'lucide-react'
import type { ReactNode } from 'react'
import { MainMenuItems } from './main-menu-items.tsx'
import { ShareButton } from './share-button.tsx'
import { UserMenu } from './user-menu.tsx'
import { loadMemberMenuCatalog } from './catalog.ts'

// The menus' messages are not in the first screen's catalog: this chunk resolves once they are loaded.
await loadMemberMenuCatalog()

/**
 * The logged-in part of the header: the menu (on wide screens), notifications, the executor's share button, the
 * languages and the account menu. Its own chunk: a guest's first visit does not load it, nor its icons. The
 * language switcher comes from the header, so it is not a chunk of its own shared by both.
 */
export default function MemberHeader({ executor, languages }: { executor: boolean; languages: ReactNode }) {
  const { t } = useLingui()
  return (
    <>
      <nav className="header__nav" aria-label={t`Main menu`}>
        <MainMenuItems className="header__link" />
      </nav>
      <div className="header__tools">
        <Link to="/notifications" className="icon-button" aria-label={t`Notifications`}>
          <Bell />
        </Link>
        {executor && <ShareButton />}
        {languages}
        <UserMenu />
      </div>
    </>
  )
}
