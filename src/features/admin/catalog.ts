import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The messages of the moderation console, fetched with its chunk by moderators only (docs/decisions/007). */
export const loadAdminCatalog = () => loadCatalog(CATALOGS)
