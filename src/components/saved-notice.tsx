import { Trans } from '@lingui/react/macro'

/** Says that what the screen shows comes from this device, not from the server, and from when. */
export function SavedNotice({ savedAt }: { savedAt: number }) {
  const when = new Date(savedAt).toLocaleString()
  return (
    <p className="saved-notice" role="status">
      <Trans>No connection: showing data saved on this device ({when}).</Trans>
    </p>
  )
}
