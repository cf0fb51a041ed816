/** How long after the page's load event background work waits: the first screen gets the network and CPU. */
export const BACKGROUND_DELAY_MS = 3000

let loaded: Promise<void> | undefined

/**
 * Runs work that no screen waits for (saving data for offline use) once the page has loaded, a few seconds have
 * passed and the browser is idle, so a phone on a slow network spends its first seconds on what it shows.
 */
export function afterFirstLoad(task: () => void | Promise<unknown>) {
  if (import.meta.env.SSR) return
  loaded ??= new Promise<void>((resolve) => {
    const wait = () => setTimeout(resolve, BACKGROUND_DELAY_MS)
    if (document.readyState === 'complete') wait()
    else window.addEventListener('load', wait, { once: true })
  })
  void loaded.then(() => {
    // A test's page can be torn down during the wait; a browser's window never goes.
    if (typeof window === 'undefined') return
    const run = () => void Promise.resolve(task()).catch(() => undefined)
    if (window.requestIdleCallback) window.requestIdleCallback(run, { timeout: 2000 })
    else run()
  })
}
