import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { startOutbox } from '#src/lib/outbox.ts'
import { usePendingOutbox } from '#src/lib/use-pending-outbox.ts'

/** Tells the person how many publishes and replies wait for the network; they go out by themselves when it returns. */
export function OutboxNotice() {
  const pending = usePendingOutbox()
  useEffect(() => startOutbox(), [])
  const count = pending.length
  if (count === 0) return null
  return (
    <p className="outbox-notice" role="status">
      <Trans>Waiting to be sent: {count}. We will send it as soon as the internet is back.</Trans>
    </p>
  )
}
