import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/**
 * The messages of /chats, a conversation and the header's link to them, fetched with their chunk: a guest's first
 * screen does not carry them (docs/decisions/007).
 */
export const loadChatsCatalog = () => loadCatalog(CATALOGS)
