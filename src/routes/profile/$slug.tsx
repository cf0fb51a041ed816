import { createFileRoute, useParams } from '@tanstack/react-router'
import { NotFound } from '#src/components/not-found.tsx'
import { ProfileScreen } from '#src/features/public-profile/components/profile-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

/** The slugs the API answers (contract PublicProfileParamsSchema): lowercase words and digits joined by hyphens. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

export const Route = createFileRoute('/profile/$slug')({
  beforeLoad: guardRoute('profile'),
  component: PublicProfileRoute,
})

/** A specialist's public profile, by slug (the shared link) or by user id. */
function PublicProfileRoute() {
  // NOTE: not Route.useParams(), for the reason given in ../order/$orderId.tsx.
  const { slug } = useParams({ from: '/profile/$slug' })
  return SLUG.test(slug) && slug.length <= 120 ? <ProfileScreen key={slug} slug={slug} /> : <NotFound />
}
