import { Trans } from '@lingui/react/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { NotSaved } from '#src/components/not-saved.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import { ServiceLinks } from '#src/features/catalogue/components/service-links.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { loadLaterWords } from '#src/lib/lazy-catalog.ts'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'
import { isSlug } from '#src/lib/slug.ts'

export const Route = createFileRoute('/$categorySlug/services')({
  beforeLoad: ({ params }) => {
    if (!isSlug(params.categorySlug)) throw notFound()
    return guardRoute('services')()
  },
  component: CategoryServicesRoute,
})

// The saved-data notices' words load with the screen (lingui.config.ts, LATER_WORDS).
function CategoryServicesRoute() {
  return (
    <WithCatalog load={loadLaterWords}>
      <CategoryServices />
    </WithCatalog>
  )
}

/** The services of one category with their sub-services counted. */
function CategoryServices() {
  const { categorySlug } = Route.useParams()
  const category = useSaved(`category:${categorySlug}`, () => catalogueApi.category(categorySlug))
  if (category.status === 'failed') return category.offline ? <NotSaved /> : <NotFound />
  if (category.status === 'loading') {
    return (
      <p role="status" className="screen">
        <Trans>Loading…</Trans>
      </p>
    )
  }
  return (
    <ScreenLayout
      title={category.data.name}
      description={category.data.subtitle}
      lead={category.data.subtitle}
    >
      {category.saved && <SavedNotice savedAt={category.savedAt} />}
      <ServiceLinks categorySlug={categorySlug} services={category.data.services ?? []} />
    </ScreenLayout>
  )
}
