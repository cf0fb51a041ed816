import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** How a specialist is worded (badge, rating, prices, reviews), shared by the list, the profile and the reviews. */
export const loadSpecialistWordsCatalog = () => loadCatalog(CATALOGS)
