import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The working day's messages, fetched with its chunk rather than with the first screen. */
export const loadWorkdayCatalog = () => loadCatalog(CATALOGS)
