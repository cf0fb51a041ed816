import { useLingui } from '@lingui/react/macro'
import { useSession } from '#src/lib/session-store.ts'
import { MainMenuItems } from './main-menu-items.tsx'

/** The menu within a thumb's reach on a phone; hidden on wide screens, where the header shows it. */
export function BottomMenu() {
  const { t } = useLingui()
  const loggedIn = useSession((state) => state.token !== null)
  if (!loggedIn) return null
  return (
    <nav className="bottom-menu" aria-label={t`Quick menu`}>
      <MainMenuItems className="bottom-menu__link" short />
    </nav>
  )
}
