import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The notices' messages, fetched with their chunk after the first load (docs/decisions/018). */
export const loadAppNoticesCatalog = () => loadCatalog(CATALOGS)
