import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import '../admin.css'
import { loadAdminCatalog } from '../catalog.ts'
import { AdminNav } from './admin-nav.tsx'
import { BlogEditor } from './blog-editor.tsx'
import { MarqueeEditor } from './marquee-editor.tsx'
import { PageEditor } from './page-editor.tsx'

await loadAdminCatalog()

const PARTS = ['pages', 'blog', 'marquee'] as const
type Part = (typeof PARTS)[number]

/**
 * /admin/content: the site's texts in four languages, the information pages and legal documents, the blog and the
 * marquee. A save is public at once: the server forgets the pages it keeps and the sitemap follows (issue 35).
 */
export default function ContentEditor() {
  const { t } = useLingui()
  const [part, setPart] = useState<Part>('pages')
  const names: Record<Part, string> = {
    pages: t`Pages and documents`,
    blog: t`Blog`,
    marquee: t`Marquee`,
  }
  return (
    <ScreenLayout
      title={t`Site content`}
      lead={t`What visitors read, in four languages: saved, it is public at once.`}
    >
      <AdminNav />
      <div role="group" aria-label={t`What to edit`} className="admin-parts">
        {PARTS.map((one) => (
          <button
            key={one}
            type="button"
            className="tabs__tab"
            aria-pressed={one === part}
            onClick={() => setPart(one)}
          >
            {names[one]}
          </button>
        ))}
      </div>
      {part === 'pages' && <PageEditor />}
      {part === 'blog' && <BlogEditor />}
      {part === 'marquee' && <MarqueeEditor />}
    </ScreenLayout>
  )
}
