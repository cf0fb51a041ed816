import { Trans } from '@lingui/react/macro'
import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isChunkLoadError, recoverFromChunkError, useChunkFailed } from '#src/lib/chunk-reload.ts'

/**
 * Says that a part of the page did not load even after a reload (src/lib/chunk-reload.ts), and offers to reload. Its
 * words are in the app's own catalog: the chunks that failed may be the ones that carry a feature's messages.
 */
export function ChunkErrorNotice() {
  if (!useChunkFailed()) return null
  return (
    <div className="toast" role="alert">
      <span>
        <Trans>Part of the page did not load. Reload it: your drafts are kept.</Trans>
      </span>
      <button type="button" className="button button--small" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </div>
  )
}

/** A route's error: a chunk that did not load is handled (and told) once for the page; anything else as before. */
export function RouteError(props: ErrorComponentProps) {
  const chunk = isChunkLoadError(props.error)
  useEffect(() => {
    if (chunk) recoverFromChunkError()
  }, [chunk])
  return chunk ? null : <ErrorComponent {...props} />
}
