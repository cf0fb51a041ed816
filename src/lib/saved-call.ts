import { afterFirstLoad } from './after-first-load.ts'
import { ApiError } from './api-client.ts'
import { currentLocale } from './locale.ts'

export type Saved<T> = { data: T; saved: false } | { data: T; saved: true; savedAt: number }

// IndexedDB (Dexie) is loaded only when something is saved or read back, not with the first screen.
const localDb = () => import('./local-db.ts').then((module) => module.localDb)

let catalogueScheduled = false

/**
 * Every screen reads something through here (the layout reads the settings), so the first call of a page is where
 * the whole catalogue starts being kept for offline use, in the background after the first screen. The module and
 * Dexie load only then; it fetches nothing when the device's copy is less than a day old.
 */
function keepCatalogueAfterFirstLoad() {
  if (catalogueScheduled) return
  catalogueScheduled = true
  afterFirstLoad(async () => (await import('./offline-catalogue.ts')).keepCatalogueOffline())
}

// Answers waiting to be kept, by key and language: written after the first screen, at once for a screen that asks,
// and as soon as the network goes. NOTE: waiting for the first screen alone lost the copy of a page opened
// directly and read offline (or reloaded) within its first seconds: "not saved on this device".
const pending = new Map<string, { key: string; locale: string; data: unknown; savedAt: number }>()

async function writePending() {
  if (pending.size === 0) return
  const rows = [...pending.values()]
  pending.clear()
  await (await localDb()).responses.bulkPut(rows)
}

const writeNow = () => void writePending().catch(() => undefined)
if (typeof window !== 'undefined') {
  window.addEventListener('offline', writeNow)
  window.addEventListener('pagehide', writeNow)
}

/**
 * Network first; a successful answer is kept on the device (in the background, or at once with `keepAtOnce` for a
 * screen whose own content the person may want offline soon, such as an order). Without a network the kept copy
 * is answered and marked `saved`, so the screen can say that it shows saved data. Other failures are thrown.
 */
export async function savedCall<T>(
  key: string,
  fetch: () => Promise<T>,
  { keepAtOnce = false } = {},
): Promise<Saved<T>> {
  // The server's renderer keeps nothing: it has no device.
  if (import.meta.env.SSR) return { data: await fetch(), saved: false }
  keepCatalogueAfterFirstLoad()
  const locale = currentLocale()
  const keptCopy = async (): Promise<Saved<T> | undefined> => {
    const kept = await (
      await localDb()
    ).responses
      .get([key, locale] as unknown as string)
      .catch(() => undefined)
    return kept ? { data: kept.data as T, saved: true, savedAt: kept.savedAt } : undefined
  }
  // A device that knows it is offline gets the saved copy at once instead of waiting for a request to fail.
  if (navigator.onLine === false) {
    const kept = await keptCopy()
    if (kept) return kept
  }
  try {
    const data = await fetch()
    const savedAt = Date.now()
    pending.set(`${key}|${locale}`, { key, locale, data, savedAt })
    if (keepAtOnce) writeNow()
    else afterFirstLoad(writePending)
    return { data, saved: false }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error
    const kept = await keptCopy()
    if (!kept) throw error
    return kept
  }
}
