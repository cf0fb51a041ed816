import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { ChatsLink } from '#src/features/chats/components/chats-link.tsx'
import { loadNotificationsCatalog } from '#src/features/notifications/catalog.ts'
import { NotificationCenter } from '#src/features/notifications/components/notification-center.tsx'
import { MainMenuItems } from './main-menu-items.tsx'
import { ShareButton } from './share-button.tsx'
import { UserMenu } from './user-menu.tsx'
import { loadMemberMenuCatalog } from './catalog.ts'

// The menus' and the bell's messages are not in the first screen's catalog: this chunk resolves once they are
// loaded, both at once.
await Promise.all([loadMemberMenuCatalog(), loadNotificationsCatalog(), loadChatsCatalog()])

/**
 * The logged-in part of the header: the menu (on wide screens), the conversations' link, the notification bell (and its toasts), the
 * executor's share button, the languages and the account menu. Its own chunk: a guest's first visit does not load
 * it, nor its icons. The language switcher comes from the header, so it is not a chunk of its own shared by both.
 */
export default function MemberHeader({
  executor,
  createOrder,
  languages,
}: {
  executor: boolean
  /** A customer's "Create an order" (on every page, not only home), drawn by the header; null for an executor. */
  createOrder: ReactNode
  languages: ReactNode
}) {
  const { t } = useLingui()
  return (
    <>
      <nav className="header__nav" aria-label={t`Main menu`}>
        <MainMenuItems className="header__link" />
      </nav>
      <div className="header__tools">
        {createOrder}
        <ChatsLink />
        <NotificationCenter />
        {executor && <ShareButton />}
        {languages}
        <UserMenu />
      </div>
    </>
  )
}
