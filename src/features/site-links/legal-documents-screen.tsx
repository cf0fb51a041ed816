import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { ScreenLayout } from '#src/components/screen-layout.tsx'
import { useSaved } from '#src/features/catalogue/use-saved.ts'
import { contentApi } from '#src/features/content/api/content-api.ts'

/** The list of the service's legal documents. */
export function LegalDocumentsScreen() {
  const { t } = useLingui()
  const documents = useSaved('legal', contentApi.legalDocuments)
  return (
    <ScreenLayout
      title={t`Legal documents`}
      description={t`The rules, agreements and policies of the Fika service.`}
    >
      {documents.status === 'ready' && documents.saved && <SavedNotice savedAt={documents.savedAt} />}
      {documents.status === 'ready' ? (
        <ul className="post-list">
          {documents.data.map((document) => (
            <li key={document.slug}>
              <h2>
                <Link to="/legal/$slug" params={{ slug: document.slug }}>
                  {document.title}
                </Link>
              </h2>
              <p>{document.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p role={documents.status === 'failed' ? 'alert' : 'status'}>
          {documents.status === 'failed' ? (
            <Trans>The documents could not be loaded. Check the connection and reload the page.</Trans>
          ) : (
            <Trans>Loading…</Trans>
          )}
        </p>
      )}
    </ScreenLayout>
  )
}
