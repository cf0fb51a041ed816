import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadSiteLinksCatalog } from '#src/features/site-links/catalog.ts'
import { LegalDocumentsScreen } from '#src/features/site-links/legal-documents-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/legal/')({
  beforeLoad: guardRoute('legal'),
  component: LegalDocumentsRoute,
})

/** The screen and its messages load with its own chunk (src/features/site-links). */
function LegalDocumentsRoute() {
  return (
    <WithCatalog load={loadSiteLinksCatalog}>
      <LegalDocumentsScreen />
    </WithCatalog>
  )
}
