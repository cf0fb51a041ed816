import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { useSession } from '#src/lib/session-store.ts'

/**
 * Tells the person how many publishes and replies wait for the network; they go out by themselves when it returns.
 * The outbox itself (which also sends what waited since the last visit) loads after the first screen, so that
 * only this component is in the entry chunk.
 */
export function OutboxNotice() {
  const [count, setCount] = useState(0)
  const token = useSession((state) => state.token)
  useEffect(() => {
    let current = true
    let stop: (() => void) | undefined
    afterFirstLoad(async () => {
      const outbox = await import('#src/lib/outbox.ts')
      if (!current) return
      outbox.startOutbox()
      const read = () =>
        void outbox.pendingOutbox().then((items) => {
          if (current) setCount(items.length)
        })
      read()
      stop = outbox.onOutboxChanged(read)
    })
    return () => {
      current = false
      stop?.()
    }
  }, [token])
  if (count === 0) return null
  return (
    <p className="outbox-notice" role="status">
      <Trans>Waiting to be sent: {count}. We will send it as soon as the internet is back.</Trans>
    </p>
  )
}
