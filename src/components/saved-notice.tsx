import { Trans } from '@lingui/react/macro'
import { formatDateTime } from '#src/lib/format.ts'

/** Says that what the screen shows comes from this device, not from the server, and from when. */
export function SavedNotice({ savedAt }: { savedAt: number }) {
  const when = formatDateTime(savedAt)
  return (
    <p className="saved-notice" role="status">
      <Trans>No connection: showing data saved on this device ({when}).</Trans>
    </p>
  )
}
