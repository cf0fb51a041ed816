import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The messages of /bonus, fetched with its chunk (docs/decisions/007). */
export const loadBonusCatalog = () => loadCatalog(CATALOGS)
