import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Page } from '#contract/schemas/content.ts'
import { Markdown } from '#src/components/markdown.tsx'
import { NotFound } from '#src/components/not-found.tsx'
import { NotSaved } from '#src/components/not-saved.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import type { Saved } from '#src/lib/saved-call.ts'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { loadContentCatalog } from '../catalog.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadContentCatalog()

type ContentScreenProps = {
  id: string
  load: () => Promise<Saved<Page>>
  /** What a page offers before its text (the support page's chat). */
  before?: ReactNode
}

/** A page of text from the server: its title, description and Markdown body, or what went wrong. */
export function ContentScreen({ id, load, before }: ContentScreenProps) {
  const page = useSaved(id, load)
  if (page.status === 'failed') return page.offline ? <NotSaved /> : <NotFound />
  if (page.status === 'loading') {
    return (
      <div className="screen" aria-busy="true">
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      </div>
    )
  }
  return (
    <ScreenLayout title={page.data.title} description={page.data.description}>
      {page.saved && <SavedNotice savedAt={page.savedAt} />}
      {before}
      <Markdown>{page.data.body}</Markdown>
    </ScreenLayout>
  )
}
