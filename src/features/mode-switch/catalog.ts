import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The mode switch notice's messages, fetched when an executor first meets it. */
export const loadModeSwitchCatalog = () => loadCatalog(CATALOGS)
