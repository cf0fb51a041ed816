import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/**
 * The messages of the logged-in menus (header tools, bottom bar, account menu), fetched with their chunk: a
 * guest's first screen does not carry them (docs/decisions/007).
 */
export const loadMemberMenuCatalog = () => loadCatalog(CATALOGS)
