import { useLingui } from '@lingui/react/macro'
import { MainMenuItems } from './main-menu-items.tsx'
import { loadMemberMenuCatalog } from './catalog.ts'

// The menus' messages are not in the first screen's catalog: this chunk resolves once they are loaded.
await loadMemberMenuCatalog()

/** The bottom bar of a logged-in person (see BottomMenu): five sections, an icon and a short label each. */
export default function MemberBottomMenu() {
  const { t } = useLingui()
  return (
    <nav className="bottom-menu" aria-label={t`Quick menu`}>
      <MainMenuItems className="bottom-menu__link" short />
    </nav>
  )
}
