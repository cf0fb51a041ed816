import { createFileRoute } from '@tanstack/react-router'
import { contentApi } from '#src/features/content/api/content-api.ts'
import { ContentScreen } from '#src/features/content/components/content-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/usage')({
  beforeLoad: guardRoute('usage'),
  component: UsagePage,
})

function UsagePage() {
  return <ContentScreen id="page:usage" load={() => contentApi.page('usage')} />
}
