import { Suspense } from 'react'
import { lazyUntilUsed } from '#src/lib/lazy-until-used.ts'
import { SearchForm } from './search-form.tsx'

// The search works from the visitor's first touch of it; the first paint needs only its form.
const SearchDropdown = lazyUntilUsed('.search', () =>
  import('./search-dropdown.tsx').then((module) => ({ default: module.SearchDropdown })),
)

/** The home page's search: the form at once, the dropdown's code on first use (lib/lazy-until-used.ts). */
export function SearchBox() {
  return (
    <Suspense fallback={<SearchForm />}>
      <SearchDropdown />
    </Suspense>
  )
}
