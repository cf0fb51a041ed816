import { createFileRoute } from '@tanstack/react-router'
import { contentApi } from '#src/features/content/api/content-api.ts'
import { ContentScreen } from '#src/features/content/components/content-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/about')({
  beforeLoad: guardRoute('about'),
  component: AboutPage,
})

function AboutPage() {
  return <ContentScreen id="page:about" load={() => contentApi.page('about')} />
}
