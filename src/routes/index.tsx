import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect } from 'react'
import { Carousel } from '#src/components/carousel.tsx'
import { PageHead } from '#src/components/page-head.tsx'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import { CategoryCard } from '#src/features/catalogue/components/category-card.tsx'
import { SearchBox } from '#src/features/catalogue/components/search-box.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { LazyHomeSections } from '#src/features/home/components/lazy-home-sections.tsx'
import { EXTERNAL_LINKS } from '#src/lib/links.ts'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { withMessages } from '#src/lib/drawn-page.ts'
import { currentLocale } from '#src/lib/locale.ts'
import { useSession } from '#src/lib/session-store.ts'

// Shown only when the categories come from this device, never on a page the server drew: it loads when needed.
const SavedNotice = lazy(() =>
  withMessages(
    import('#src/components/saved-notice.tsx').then((m) => ({ default: m.SavedNotice })),
    import('#src/lib/lazy-catalog.ts').then((m) => m.loadLaterWords()),
  ),
)

type HomeModal = 'login' | 'registration'
/** `redirect`: the page a guard sent a guest away from, to return to after the login (if a path of this site). */
type HomeSearch = { modal?: HomeModal; order?: unknown; redirect?: string }
const isHomeModal = (value: unknown): value is HomeModal => value === 'login' || value === 'registration'

export const Route = createFileRoute('/')({
  // A hand check, not valibot: this route's options load with the first screen. A wrong value is dropped.
  // NOTE: a key left out would still reach the page as it was typed (the root route's search is the raw one), so a
  // refused value is set to undefined rather than omitted.
  validateSearch: (search): HomeSearch => ({
    modal: isHomeModal(search.modal) ? search.modal : undefined,
    ...(search.order !== undefined && { order: search.order }),
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  // No guard: the home page is open to everyone (lib/route-guard.ts), and its first load goes without the guard's code.
  component: Home,
})

/** The spec's quick links: two services that go straight to the work place, two that ask for a sub-service. */
const QUICK_LINKS = [
  { to: '/domashniy-personal/uborka/work-place', key: 'cleaning' },
  { to: '/obrazovanie-i-repetitorstvo/ielts/work-place', key: 'ielts' },
  { to: '/mastera-po-remontu/elektrika/select', key: 'electrician' },
  { to: '/bukhgaltery-i-yuristy/yuristy/select', key: 'lawyers' },
] as const

/** How many category cards a phone shows before a swipe (1.2 per view): their pictures load at once. */
const FIRST_SCREEN_CARDS = 2

const SAVED_CATALOGUE_KEY = 'fika.catalogue-saved'

/** Once per session and language, in the background: the whole catalogue goes to the device for offline search. */
function useSaveCatalogueForOffline() {
  useEffect(() => {
    const marker = `${SAVED_CATALOGUE_KEY}.${currentLocale()}`
    if (sessionStorage.getItem(marker)) return
    afterFirstLoad(() => catalogueApi.saveCatalogue().then(() => sessionStorage.setItem(marker, '1')))
  }, [])
}

function Home() {
  const { t } = useLingui()
  const { modal, order, redirect } = Route.useSearch()
  const navigate = Route.useNavigate()
  const showModal = useAuthModal((state) => state.show)
  const loggedIn = useSession((state) => state.token !== null)
  const categories = useSaved('categories', catalogueApi.categories)
  const settings = useSaved('settings', catalogueApi.settings)
  useSaveCatalogueForOffline()

  useEffect(() => {
    if (!modal) return
    if (!loggedIn) showModal(modal, { returnTo: redirect })
    // The modal opens once; the address goes back to a plain home page.
    void navigate({ search: ({ order }) => ({ order }), replace: true })
  }, [modal, redirect, loggedIn, showModal, navigate])

  const categoriesShown = categories.status === 'ready'
  useEffect(() => {
    if (order !== undefined && categoriesShown)
      document.getElementById('categories')?.scrollIntoView({ behavior: 'smooth' })
  }, [order, categoriesShown])

  const labels: Record<(typeof QUICK_LINKS)[number]['key'], string> = {
    cleaning: t`Cleaning`,
    ielts: t`IELTS tutor`,
    electrician: t`Electrician`,
    lawyers: t`Lawyers`,
  }
  const botUrl = settings.status === 'ready' ? settings.data.bot_url : EXTERNAL_LINKS.signupBot

  return (
    <div className="home">
      <PageHead
        title={t`Services marketplace in Uzbekistan`}
        description={t`Post an order for free and get replies from specialists in 10–20 minutes: cleaning, tutors, repairs, lawyers.`}
      />
      {categories.status === 'ready' && categories.saved && (
        <Suspense>
          <SavedNotice savedAt={categories.savedAt} />
        </Suspense>
      )}
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          <Trans>Find a specialist for any task</Trans>
        </h1>
        <p className="hero__lead">
          <Trans>
            Post an order for free: replies usually arrive in 10–20 minutes. You pay the specialist directly.
          </Trans>
        </p>
        <SearchBox />
        <ul className="tags" aria-label={t`Popular services`}>
          {QUICK_LINKS.map((link) => (
            <li key={link.key}>
              <a href={link.to} className="tag">
                {labels[link.key]}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section id="categories" className="home__section" aria-labelledby="categories-title">
        {/* Focusable from script: the header's "Create an order" brings focus here. */}
        <h2 id="categories-title" tabIndex={-1}>
          <Trans>Services by category</Trans>
        </h2>
        {categories.status === 'ready' ? (
          <Carousel label={t`Categories`} kind="categories">
            {categories.data.map((category, index) => (
              <CategoryCard key={category.id} category={category} eager={index < FIRST_SCREEN_CARDS} />
            ))}
          </Carousel>
        ) : categories.status === 'failed' ? (
          <p role="alert">
            <Trans>The categories could not be loaded. Check the connection and reload the page.</Trans>
          </p>
        ) : (
          <div className="skeleton-row" aria-hidden="true" />
        )}
        <Link to="/services-all" className="button">
          <Trans>All services</Trans>
        </Link>
      </section>
      <LazyHomeSections botUrl={botUrl} ready={categories.status !== 'loading'} />
    </div>
  )
}
