import { createFileRoute } from '@tanstack/react-router'
import { contentApi } from '#src/features/content/api/content-api.ts'
import { ContentScreen } from '#src/features/content/components/content-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/forcustomers')({
  beforeLoad: guardRoute('forcustomers'),
  component: ForcustomersPage,
})

function ForcustomersPage() {
  return <ContentScreen id="page:forcustomers" load={() => contentApi.page('forcustomers')} />
}
