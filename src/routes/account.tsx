import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, Link } from '@tanstack/react-router'
import { EMAIL_NOTICES, type EmailNotice } from '#contract/email-notices.ts'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { ProfileEditor } from '#src/features/profile-editor/components/profile-editor.tsx'
import { guardRoute } from '#src/lib/lazy-route-guard.ts'
import { useSession } from '#src/lib/session-store.ts'

export const Route = createFileRoute('/account')({
  beforeLoad: guardRoute('account'),
  // `email`: where the mailed verification link sent the person back to, and how it went (docs/decisions/027).
  validateSearch: (search: Record<string, unknown>): { email?: EmailNotice } =>
    EMAIL_NOTICES.includes(search.email as EmailNotice) ? { email: search.email as EmailNotice } : {},
  component: AccountScreen,
})

/** The own profile editor (src/features/profile-editor), loaded with its own chunk and messages. */
function AccountScreen() {
  const { email } = Route.useSearch()
  const { t } = useLingui()
  const executor = useSession((state) => state.profile?.type === 'executor')
  return (
    <>
      {executor && (
        <nav aria-label={t`Your work`} className="account-work">
          <Link to="/orders/today" className="chip">
            <Trans>Today's jobs</Trans>
          </Link>
        </nav>
      )}
      <WithCatalog load={loadProfileEditorCatalog}>
        <ProfileEditor emailNotice={email} />
      </WithCatalog>
    </>
  )
}
