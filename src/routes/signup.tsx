import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadSiteLinksCatalog } from '#src/features/site-links/catalog.ts'
import { SignupScreen } from '#src/features/site-links/signup-screen.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'

export const Route = createFileRoute('/signup')({
  beforeLoad: guardRoute('signup'),
  // `invite`: an invite link's code (decision 015, "Bonuses"), kept until the registration form sends it.
  validateSearch: (search: Record<string, unknown>): { invite?: string } =>
    typeof search.invite === 'string' ? { invite: search.invite.slice(0, 64) } : {},
  component: SignupRoute,
})

/** The screen and its messages load with its own chunk (src/features/site-links). */
function SignupRoute() {
  return (
    <WithCatalog load={loadSiteLinksCatalog}>
      <SignupScreen />
    </WithCatalog>
  )
}
