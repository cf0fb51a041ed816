import { Trans } from '@lingui/react/macro'
import { Suspense, use, type ReactNode } from 'react'
import { loadOrderViewCatalog } from '../catalog.ts'

function Gate({ children }: { children: ReactNode }) {
  use(loadOrderViewCatalog())
  return children
}

/**
 * Shows the order screens once their messages are loaded: they come with this chunk, not with the first screen
 * (lingui.config.ts). "Loading…" itself is in the app's catalog.
 */
export function WithCatalog({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="screen">
          <Trans>Loading…</Trans>
        </p>
      }
    >
      <Gate>{children}</Gate>
    </Suspense>
  )
}
