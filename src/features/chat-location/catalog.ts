import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The location picker's and preview's messages, fetched with their chunks (docs/decisions/007). */
export const loadChatLocationCatalog = () => loadCatalog(CATALOGS)
