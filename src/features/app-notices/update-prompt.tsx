import { Trans } from '@lingui/react/macro'
import { usePwa } from '#src/lib/pwa.ts'

/** Shown when a new version is installed and waiting: the person chooses when to reload. */
export function UpdatePrompt() {
  const { updateReady, applyUpdate } = usePwa()
  if (!updateReady) return null
  return (
    <div className="toast" role="status">
      <span>
        <Trans>A new version of Fika is ready.</Trans>
      </span>
      <button type="button" className="button button--small" onClick={applyUpdate}>
        <Trans>Update</Trans>
      </button>
    </div>
  )
}
