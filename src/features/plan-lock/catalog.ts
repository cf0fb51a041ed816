import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

/** The plan lock's few messages, loaded by whichever screen shows a lock first (docs/decisions/007). */
export const loadPlanLockCatalog = () => loadCatalog(CATALOGS)
