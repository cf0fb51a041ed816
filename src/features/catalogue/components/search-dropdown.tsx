import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { foldForSearch } from '#contract/search-text.ts'
import { useDismiss } from '#src/components/use-dismiss.ts'
import { useTypedBeforeStart } from '#src/components/use-typed-before-start.ts'
import { catalogueApi, orderPathOf, type SearchResult } from '../api/catalogue-api.ts'

/** Spec section 2 and 9: the dropdown starts above 2 characters, 200 ms after the last keystroke. */
export const SEARCH_MIN_CHARS = 3
export const SEARCH_DEBOUNCE_MS = 200

type Found = { text: string; results: SearchResult[]; saved: boolean }

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

export function SearchDropdown() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [found, setFound] = useState<Found | null>(null)
  const [failed, setFailed] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const inputId = useId()
  const listId = useId()
  const query = text.trim()
  const searching = query.length >= SEARCH_MIN_CHARS

  useDismiss(open, box, () => setOpen(false))
  useTypedBeforeStart(form, (_, typed) => {
    setText(String(typed))
    setOpen(box.current?.contains(document.activeElement) ?? false)
  })

  useEffect(() => {
    if (!searching) return
    let current = true
    const timer = setTimeout(() => {
      catalogueApi
        .search(query)
        .then(({ data, saved }) => current && setFound({ text: query, results: data, saved }))
        .catch(() => current && setFailed(true))
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [query, searching])

  const results = found && searching ? found.results : null
  const go = (result: SearchResult) => {
    setOpen(false)
    void navigate({ to: orderPathOf(result) })
  }

  /** Enter or the button: the exact name (spec) or the one good match opens; otherwise the results stay shown. */
  const submit = () => {
    setOpen(true)
    if (!searching) return
    const decide = (list: SearchResult[]) => {
      const choice = bestMatch(list, query)
      if (choice) go(choice)
    }
    // Enter may come before the debounced search: search now rather than ignore the key.
    if (found?.text === query) return decide(found.results)
    catalogueApi
      .search(query)
      .then(({ data, saved }) => {
        setFound({ text: query, results: data, saved })
        decide(data)
      })
      .catch(() => setFailed(true))
  }

  return (
    <div className="search" ref={box}>
      <form
        ref={form}
        role="search"
        className="search__form"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <label htmlFor={inputId} className="search__label">
          <Trans>Find a service</Trans>
        </label>
        <div className="search__row">
          <input
            id={inputId}
            name="search"
            className="search__input"
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t`For example: cleaning, electrician, IELTS`}
            value={text}
            role="combobox"
            aria-expanded={open && searching}
            aria-controls={listId}
            aria-autocomplete="list"
            onChange={(event) => {
              setText(event.target.value)
              setFailed(false)
              setOpen(true)
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpen(false)
            }}
          />
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </div>
      </form>
      {open && searching && (
        <div id={listId} className="search__dropdown" aria-live="polite">
          {failed ? (
            <p className="search__empty">
              <Trans>The search is not available right now. Try again.</Trans>
            </p>
          ) : results === null ? (
            <p className="search__loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">
                <Trans>Searching…</Trans>
              </span>
            </p>
          ) : results.length === 0 ? (
            <p className="search__empty">
              <Trans>Nothing found</Trans>
            </p>
          ) : (
            <>
              {found?.saved && (
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
                        go(result)
                      }}
                    >
                      <span className="search__name">{result.name}</span>
                      <span className="search__category">{result.categoryName}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  )
}
