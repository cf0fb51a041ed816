import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import { ServiceLinks } from '#src/features/catalogue/components/service-links.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'

/** Every service by category; `?category=` narrows it to one (the category cards link here). */
export function ServicesAllScreen() {
  const { t } = useLingui()
  const { category } = useSearch({ from: '/services-all' })
  const catalogue = useSaved('categories:all', catalogueApi.categoriesWithServices)
  const shown =
    catalogue.status === 'ready' ? catalogue.data.filter((item) => !category || item.slug === category) : []
  return (
    <ScreenLayout
      title={t`All services`}
      description={t`Every service of the marketplace by category: choose one to post an order for free.`}
    >
      {catalogue.status === 'ready' && catalogue.saved && <SavedNotice savedAt={catalogue.savedAt} />}
      {catalogue.status === 'ready' && (
        <nav aria-label={t`Categories`} className="chips">
          <Link
            to="/services-all"
            className="chip"
            activeOptions={{ exact: true, includeSearch: true }}
            activeProps={{ 'aria-current': 'page' }}
          >
            <Trans>All categories</Trans>
          </Link>
          {catalogue.data.map((item) => (
            <Link
              key={item.slug}
              to="/services-all"
              search={{ category: item.slug }}
              className="chip"
              activeOptions={{ includeSearch: true }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {item.name}
            </Link>
          ))}
        </nav>
      )}
      {catalogue.status === 'failed' && (
        <p role="alert">
          <Trans>The services could not be loaded. Check the connection and reload the page.</Trans>
        </p>
      )}
      {catalogue.status === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {shown.map((item) => (
        <section key={item.slug} className="catalogue-section" aria-labelledby={`category-${item.slug}`}>
          <h2 id={`category-${item.slug}`}>
            <Link to="/$categorySlug/services" params={{ categorySlug: item.slug }}>
              {item.name}
            </Link>
          </h2>
          <p className="post-meta">{item.subtitle}</p>
          <ServiceLinks categorySlug={item.slug} services={item.services ?? []} />
        </section>
      ))}
    </ScreenLayout>
  )
}
