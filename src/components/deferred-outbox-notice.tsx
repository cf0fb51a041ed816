import { lazy, Suspense, useEffect, useState } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'

const OutboxNotice = lazy(() =>
  import('./outbox-notice.tsx').then((module) => ({ default: module.OutboxNotice })),
)

/**
 * The outbox notice, and the replay of what waits since the last visit, load after the first screen: nothing of
 * them is in the entry chunk but this.
 */
export function DeferredOutboxNotice() {
  const [ready, setReady] = useState(false)
  useEffect(() => afterFirstLoad(() => setReady(true)), [])
  if (!ready) return null
  return (
    <Suspense fallback={null}>
      <OutboxNotice />
    </Suspense>
  )
}
