/** What a section says about its list from the server: still loading, why it failed, or that it is empty. */
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

type ListStatusProps = {
  /** null while loading (or after a failure). */
  list: readonly unknown[] | null
  error: string | null
  /** Said when the list is loaded and empty; nothing when absent. */
  empty?: ReactNode
}

export function ListStatus({ list, error, empty }: ListStatusProps) {
  return (
    <>
      {!list && !error && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
      {empty && list?.length === 0 && <p>{empty}</p>}
    </>
  )
}
