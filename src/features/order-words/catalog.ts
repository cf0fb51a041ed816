import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** How orders are worded (price, status, place), shared by the lists and the order page. */
export const loadOrderWordsCatalog = () => loadCatalog(CATALOGS)
