import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useDismiss } from '#src/components/use-dismiss.ts'
import { useTypedBeforeStart } from '#src/components/use-typed-before-start.ts'
import { withMessages } from '#src/lib/drawn-page.ts'
import { catalogueApi, orderPathOf, type SearchResult } from '../api/catalogue-api.ts'
import { SearchForm } from './search-form.tsx'
import { SearchSpinner } from './search-spinner.tsx'

/** Spec section 2 and 9: the dropdown starts above 2 characters, 200 ms after the last keystroke. */
export const SEARCH_MIN_CHARS = 3
export const SEARCH_DEBOUNCE_MS = 200

type Found = { text: string; results: SearchResult[]; saved: boolean }

// The list and what Enter picks load with the first search, not with the first screen.
const loadResults = () =>
  withMessages(
    import('./search-results.tsx'),
    import('#src/lib/lazy-catalog.ts').then((m) => m.loadLaterWords()),
  )
const SearchResults = lazy(loadResults)

export function SearchDropdown() {
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
  // This code may arrive after the field got focus (search-box.tsx): the list's code loads then, as on a focus.
  useEffect(() => {
    if (box.current?.contains(document.activeElement)) void loadResults().catch(() => undefined)
  }, [])

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
    const decide = (list: SearchResult[]) =>
      void loadResults().then(
        ({ bestMatch }) => {
          const choice = bestMatch(list, query)
          if (choice) go(choice)
        },
        () => setFailed(true),
      )
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
    <SearchForm
      box={box}
      form={form}
      inputId={inputId}
      listId={listId}
      onSubmit={submit}
      input={{
        value: text,
        'aria-expanded': open && searching,
        onChange: (event) => {
          setText(event.target.value)
          setFailed(false)
          setOpen(true)
        },
        onFocus: () => {
          setOpen(true)
          void loadResults().catch(() => undefined)
        },
        onKeyDown: (event) => {
          if (event.key === 'Escape') setOpen(false)
        },
      }}
    >
      {open && searching && (
        <div id={listId} className="search__dropdown" aria-live="polite">
          <Suspense fallback={<SearchSpinner />}>
            <SearchResults failed={failed} results={results} saved={found?.saved ?? false} onChoose={go} />
          </Suspense>
        </div>
      )}
    </SearchForm>
  )
}
