import { listenForEarlyTaps } from './lib/early-tap.ts'

/**
 * The page's entry: it starts the app (main.tsx).
 *
 * A page drawn on the server is painted first, and only then is the app's code fetched, parsed and run: the
 * page's styles and pictures have the phone's link to themselves, and the code does not hold the main thread
 * before the visitor can read. A page in a hidden tab paints nothing, so it does not wait.
 */
function firstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return
        observer.disconnect()
        resolve()
      })
      observer.observe({ type: 'paint', buffered: true })
    } else requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
  })
}

/** The visitor's first touch, key or focus: the page must answer it, so the app stops waiting for the paint. */
const firstInteraction = () =>
  new Promise<void>((resolve) => {
    for (const type of ['pointerdown', 'keydown', 'focusin'])
      addEventListener(type, () => resolve(), { once: true, capture: true, passive: true })
  })

const root = document.getElementById('root')
const drawn = root?.hasAttribute('data-rendered')
// A tap on a drawn page's button is kept from now on, while the app's code is still on its way (lib/early-tap.ts).
if (root && drawn) listenForEarlyTaps(root)
const painted =
  drawn && document.visibilityState === 'visible'
    ? Promise.race([firstPaint(), firstInteraction()])
    : Promise.resolve()

void painted.then(() => {
  // Every route but `/` is guarded before it shows (lib/lazy-route-guard.ts): its code comes with the app's, not
  // one round trip after it.
  if (location.pathname !== '/') void import('./lib/route-guard.ts')
  return import('./main.tsx')
})
