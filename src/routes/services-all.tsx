import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadSiteLinksCatalog } from '#src/features/site-links/catalog.ts'
import { ServicesAllScreen } from '#src/features/site-links/services-all-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/services-all')({
  // A hand check, not valibot: this route's options load with the first screen.
  validateSearch: (search): { category?: string } =>
    typeof search.category === 'string' ? { category: search.category } : {},
  beforeLoad: guardRoute('services-all'),
  component: ServicesAllRoute,
})

/** The screen and its messages load with its own chunk (src/features/site-links). */
function ServicesAllRoute() {
  return (
    <WithCatalog load={loadSiteLinksCatalog}>
      <ServicesAllScreen />
    </WithCatalog>
  )
}
