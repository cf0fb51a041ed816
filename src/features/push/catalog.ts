import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The push card's messages, fetched with whichever screen shows the card (the profile editor, the notifications page). */
export const loadPushCatalog = () => loadCatalog(CATALOGS)
