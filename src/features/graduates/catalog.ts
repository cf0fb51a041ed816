import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The messages of /graduates, fetched with its chunk (docs/decisions/007). */
export const loadGraduatesCatalog = () => loadCatalog(CATALOGS)
