import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { ChatsScreen } from '#src/features/chats/components/chats-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/chats/')({
  beforeLoad: guardRoute('chats'),
  component: ChatsRoute,
})

/** The conversations (src/features/chats), loaded with their own chunk and messages. */
function ChatsRoute() {
  return (
    <WithCatalog load={loadChatsCatalog}>
      <ChatsScreen />
    </WithCatalog>
  )
}
