import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/**
 * The messages of the home page's sections below the categories, fetched with their chunk rather than with the
 * first screen (docs/decisions/007).
 */
export const loadHomeCatalog = () => loadCatalog(CATALOGS)
