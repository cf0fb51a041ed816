import { loadCatalog, type Catalogs } from '#src/lib/lazy-catalog.ts'

const CATALOGS: Catalogs = {
  ru: () => import('./locales/ru.po'),
  oz: () => import('./locales/oz.po'),
  uz: () => import('./locales/uz.po'),
  en: () => import('./locales/en.po'),
}

/** The map's messages, fetched with its chunk rather than with the first screen. */
export const loadMapCatalog = () => loadCatalog(CATALOGS)
