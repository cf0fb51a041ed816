import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The messages of the "Write" buttons, fetched with the screens that show them (docs/decisions/007). */
export const loadChatEntryCatalog = () => loadCatalog(CATALOGS)
