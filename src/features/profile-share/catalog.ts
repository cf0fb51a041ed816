import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The share dialog's messages, fetched with its chunk when it is first opened. */
export const loadProfileShareCatalog = () => loadCatalog(CATALOGS)
