import { useEffect, useState } from 'react'
import { onOutboxChanged, pendingOutbox, type PendingOutgoing } from './outbox.ts'
import { useSession } from './session-store.ts'

/** The logged-in person's requests still waiting to be sent, kept current across tabs and the service worker. */
export function usePendingOutbox(): PendingOutgoing[] {
  const [pending, setPending] = useState<PendingOutgoing[]>([])
  const token = useSession((state) => state.token)
  useEffect(() => {
    let current = true
    const read = () =>
      void pendingOutbox().then((items) => {
        if (current) setPending(items)
      })
    read()
    const stop = onOutboxChanged(read)
    return () => {
      current = false
      stop()
    }
  }, [token])
  return pending
}
