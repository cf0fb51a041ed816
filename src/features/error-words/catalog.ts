import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** How a form words a check that failed before sending, shared by the sign-in modals and the order page. */
export const loadErrorWordsCatalog = () => loadCatalog(CATALOGS)
