import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'

/** Says that what the screen shows comes from this device, not from the server, and from when. */
export function SavedNotice({ savedAt }: { savedAt: number }) {
  // The formatting module loads with the notice, not with the first screen (npm run size): the notice shows only
  // offline, and the service worker has the chunk.
  const [when, setWhen] = useState('')
  useEffect(() => {
    let current = true
    void import('#src/lib/format.ts').then(
      ({ formatDateTime }) => current && setWhen(formatDateTime(savedAt)),
    )
    return () => {
      current = false
    }
  }, [savedAt])
  return (
    <p className="saved-notice" role="status">
      <Trans>No connection: showing data saved on this device ({when}).</Trans>
    </p>
  )
}
