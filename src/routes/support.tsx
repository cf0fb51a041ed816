import { createFileRoute } from '@tanstack/react-router'
import { SupportChat } from '#src/features/chat-entry/components/support-chat.tsx'
import { contentApi } from '#src/features/content/api/content-api.ts'
import { ContentScreen } from '#src/features/content/components/content-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/support')({
  beforeLoad: guardRoute('support'),
  component: SupportPage,
})

function SupportPage() {
  return <ContentScreen id="page:support" load={() => contentApi.page('support')} before={<SupportChat />} />
}
