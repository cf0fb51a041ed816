import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { useDocumentTitle } from '#src/components/use-document-title.ts'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { EXTERNAL_LINKS } from '#src/lib/links.ts'
import { guardRoute } from '#src/lib/route-guard.ts'
import { useSession } from '#src/lib/session-store.ts'

const HomeSearchSchema = v.object({
  modal: v.optional(v.picklist(['login', 'registration'])),
  order: v.optional(v.unknown()),
})

export const Route = createFileRoute('/')({
  validateSearch: (search) => v.parse(HomeSearchSchema, search),
  beforeLoad: guardRoute('home'),
  component: Home,
})

/** The spec's quick links: two services that go straight to the work place, two that ask for a sub-service. */
const QUICK_LINKS = [
  { to: '/domashniy-personal/uborka/work-place', key: 'cleaning' },
  { to: '/obrazovanie-i-repetitorstvo/ielts/work-place', key: 'ielts' },
  { to: '/mastera-po-remontu/elektrika/select', key: 'electrician' },
  { to: '/bukhgaltery-i-yuristy/yuristy/select', key: 'lawyers' },
] as const

function Home() {
  const { t } = useLingui()
  const { modal, order } = Route.useSearch()
  const navigate = Route.useNavigate()
  const showModal = useAuthModal((state) => state.show)
  const loggedIn = useSession((state) => state.token !== null)
  useDocumentTitle(t`Services marketplace in Uzbekistan`)

  useEffect(() => {
    if (!modal) return
    if (!loggedIn) showModal(modal)
    // The modal opens once; the address goes back to a plain home page.
    void navigate({ search: (previous) => ({ ...previous, modal: undefined }), replace: true })
  }, [modal, loggedIn, showModal, navigate])

  useEffect(() => {
    if (order !== undefined) document.getElementById('categories')?.scrollIntoView({ behavior: 'smooth' })
  }, [order])

  const labels: Record<(typeof QUICK_LINKS)[number]['key'], string> = {
    cleaning: t`Cleaning`,
    ielts: t`IELTS tutor`,
    electrician: t`Electrician`,
    lawyers: t`Lawyers`,
  }

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title" className="hero__title">
          <Trans>Find a specialist for any task</Trans>
        </h1>
        <p className="hero__lead">
          <Trans>
            Post an order for free: replies usually arrive in 10–20 minutes. You pay the specialist directly.
          </Trans>
        </p>
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
        <h2 id="categories-title">
          <Trans>Services by category</Trans>
        </h2>
        <p>
          <Trans>More than 10,000 services and 300,000 orders every month.</Trans>
        </p>
        <Link to="/services-all" className="button">
          <Trans>All services</Trans>
        </Link>
      </section>
      <section className="home__section home__banner" aria-labelledby="banner-title">
        <h2 id="banner-title">
          <Trans>Are you a specialist?</Trans>
        </h2>
        <p>
          <Trans>Get orders without rent or advertising fees: we charge only for successful orders.</Trans>
        </p>
        <a
          href={EXTERNAL_LINKS.signupBot}
          className="button button--secondary"
          rel="noopener"
          target="_blank"
        >
          <Trans>Become a specialist</Trans>
        </a>
      </section>
    </div>
  )
}
