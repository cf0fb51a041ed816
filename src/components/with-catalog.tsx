import { Trans } from '@lingui/react/macro'
import { Suspense, use, type ReactNode } from 'react'

type WithCatalogProps = { load: () => Promise<void>; children: ReactNode }

/** Catalogs known to be loaded: a screen whose messages are there renders at once, without a pass through Suspense. */
const loaded = new WeakSet<Promise<void>>()

function Gate({ load, children }: WithCatalogProps) {
  const loading = load()
  if (!loaded.has(loading)) {
    void loading.then(() => loaded.add(loading))
    use(loading)
  }
  return children
}

/**
 * Shows a feature's screen once its messages are loaded (docs/decisions/007-feature-message-catalogs.md). `load`
 * must answer the same promise on every call, as `loadCatalog` does. "Loading…" is in the app's catalog.
 */
export function WithCatalog({ load, children }: WithCatalogProps) {
  return (
    <Suspense
      fallback={
        <p role="status" className="screen">
          <Trans>Loading…</Trans>
        </p>
      }
    >
      <Gate load={load}>{children}</Gate>
    </Suspense>
  )
}
