import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/**
 * The messages of the footer, the guest menu's list and the pages they lead to that have no feature of their own
 * (all services, becoming a specialist, the legal documents). None of them is needed by the first screen
 * (docs/decisions/018).
 */
export const loadSiteLinksCatalog = () => loadCatalog(CATALOGS)
