import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The login, registration and reset messages, fetched with the modals rather than with the first screen. */
export const loadAuthCatalog = () => loadCatalog(CATALOGS)
