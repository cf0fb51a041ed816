import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { serverRender } from '#src/lib/server-render.ts'
import { useDocumentTitle } from './use-document-title.ts'

type NotFoundProps = { message?: string | undefined; description?: string | undefined }

/** The 404 page; a caller may say what was not found and why. */
export function NotFound({ message, description }: NotFoundProps) {
  const { t } = useLingui()
  const title = message ?? t`Page not found`
  const render = serverRender()
  if (render) render.notFound = true
  useDocumentTitle(title)
  return (
    <div className="screen screen--centered">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="screen__title">{title}</h1>
      <p className="screen__lead">{description ?? t`The page may have moved or never existed.`}</p>
      <Link to="/" className="button">
        <Trans>Go to the home page</Trans>
      </Link>
    </div>
  )
}
