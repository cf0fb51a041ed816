import { Trans } from '@lingui/react/macro'

/** What the search dropdown shows while a search runs (or while its list's code arrives, the first time). */
export function SearchSpinner() {
  return (
    <p className="search__loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <Trans>Searching…</Trans>
      </span>
    </p>
  )
}
