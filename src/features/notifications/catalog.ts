import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/**
 * The messages of the bell, the toasts and /notifications, fetched with their chunk: a guest's first screen does
 * not carry them (docs/decisions/007).
 */
export const loadNotificationsCatalog = () => loadCatalog(CATALOGS)
