import { createFileRoute } from '@tanstack/react-router'
import { EMAIL_NOTICES, type EmailNotice } from '#contract/email-notices.ts'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { ProfileEditor } from '#src/features/profile-editor/components/profile-editor.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

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
  return (
    <WithCatalog load={loadProfileEditorCatalog}>
      <ProfileEditor emailNotice={email} />
    </WithCatalog>
  )
}
