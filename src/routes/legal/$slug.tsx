import { createFileRoute } from '@tanstack/react-router'
import { contentApi } from '#src/features/content/api/content-api.ts'
import { ContentScreen } from '#src/features/content/components/content-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/legal/$slug')({
  beforeLoad: guardRoute('legal_view'),
  component: LegalDocument,
})

function LegalDocument() {
  const { slug } = Route.useParams()
  return <ContentScreen id={`legal:${slug}`} load={() => contentApi.legalDocument(slug)} />
}
