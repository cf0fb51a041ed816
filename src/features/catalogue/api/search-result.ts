// What the service search answers with, and how many: read by the search's calls and by those who show them.
import type { SavedService } from '#src/lib/local-db.ts'

export type SearchResult = Pick<
  SavedService,
  'id' | 'name' | 'slug' | 'categorySlug' | 'categoryName' | 'parentSlug' | 'childrenCount'
>

export const SEARCH_RESULTS = 10
