import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The messages of /wallet and its result pages, fetched with their chunk (docs/decisions/007). */
export const loadWalletCatalog = () => loadCatalog(CATALOGS)
