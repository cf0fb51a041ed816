import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The content pages' messages, fetched with its chunk rather than with the first screen. */
export const loadContentCatalog = () => loadCatalog(CATALOGS)
