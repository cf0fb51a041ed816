/** What a section says about what it reads from the server: still loading, why it failed, or that it is empty. */
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

type LoadStatusProps = {
  /** Still on its way ("Loading…" unless it failed). */
  loading: boolean
  error: string | null
  /** Said when the list is loaded and empty (the caller knows when); nothing when absent. */
  empty?: ReactNode
}

export function LoadStatus({ loading, error, empty }: LoadStatusProps) {
  return (
    <>
      {loading && !error && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
      {empty && <p>{empty}</p>}
    </>
  )
}
