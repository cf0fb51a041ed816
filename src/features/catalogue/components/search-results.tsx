import { Trans } from '@lingui/react/macro'
import { foldForSearch } from '#contract/search-text.ts'
import { orderPathOf, type SearchResult } from '../api/catalogue-api.ts'
import { SearchSpinner } from './search-spinner.tsx'

/**
 * What Enter opens: the result named exactly as typed, else the only result, else the only one with a name word
 * starting with the text ("электри" opens the electricians). Several such results: none, the list stays shown.
 */
export function bestMatch(results: SearchResult[], text: string): SearchResult | undefined {
  const folded = foldForSearch(text)
  const exact = results.find((result) => foldForSearch(result.name) === folded)
  if (exact || results.length === 1) return exact ?? results[0]
  const good = results.filter((result) => ` ${foldForSearch(result.name)}`.includes(` ${folded}`))
  return good.length === 1 ? good[0] : undefined
}

type SearchResultsProps = {
  failed: boolean
  /** null while the search runs. */
  results: SearchResult[] | null
  /** The results come from the catalogue saved on this device. */
  saved: boolean
  onChoose: (result: SearchResult) => void
}

/** The search dropdown's list: loaded with the first search, not with the first screen (docs/decisions/018). */
export default function SearchResults({ failed, results, saved, onChoose }: SearchResultsProps) {
  if (failed)
    return (
      <p className="search__empty">
        <Trans>The search is not available right now. Try again.</Trans>
      </p>
    )
  if (results === null) return <SearchSpinner />
  if (results.length === 0)
    return (
      <p className="search__empty">
        <Trans>Nothing found</Trans>
      </p>
    )
  return (
    <>
      {saved && (
        <p className="saved-notice">
          <Trans>No connection: results from saved data</Trans>
        </p>
      )}
      <ul className="search__results">
        {results.map((result) => (
          <li key={result.id}>
            <a
              href={orderPathOf(result)}
              onClick={(event) => {
                event.preventDefault()
                onChoose(result)
              }}
            >
              <span className="search__name">{result.name}</span>
              <span className="search__category">{result.categoryName}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  )
}
