import { createFileRoute, useParams } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadChatsCatalog } from '#src/features/chats/catalog.ts'
import { ConversationScreen } from '#src/features/chats/components/conversation-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/chats/$id')({
  beforeLoad: guardRoute('chats'),
  component: ChatRoute,
})

function ChatRoute() {
  // NOTE: not Route.useParams(): a split component that imports its route file pulls the route into its own chunk.
  const { id } = useParams({ from: '/chats/$id' })
  return /^\d{1,10}$/.test(id) ? (
    <WithCatalog load={loadChatsCatalog}>
      <ConversationScreen key={id} chatId={Number(id)} />
    </WithCatalog>
  ) : (
    <NotFound />
  )
}
