import { createFileRoute } from '@tanstack/react-router'
import { WithCatalog } from '#src/components/with-catalog.tsx'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { ProfileEditor } from '#src/features/profile-editor/components/profile-editor.tsx'
import { guardRoute } from '#src/lib/route-guard.ts'

export const Route = createFileRoute('/account')({
  beforeLoad: guardRoute('account'),
  component: AccountScreen,
})

/** The own profile editor (src/features/profile-editor), loaded with its own chunk and messages. */
function AccountScreen() {
  return (
    <WithCatalog load={loadProfileEditorCatalog}>
      <ProfileEditor />
    </WithCatalog>
  )
}
