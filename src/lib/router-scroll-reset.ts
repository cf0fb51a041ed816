/**
 * What the router's scroll module does for an app that keeps `scrollRestoration: false` (src/main.tsx): after each
 * navigation, back to the top of the page, or to the element of the address's hash. The build puts this file in
 * place of @tanstack/router-core's own scroll-restoration.js (scripts/router-scroll-reset.ts), which also saves and
 * restores every scroll position in sessionStorage: a kilobyte of the first load that this app never runs.
 *
 * It follows router-core 1.171's `setupScrollRestoration` for that case, line for line, and exports the names its
 * index re-exports.
 */

type ScrollFlags = { n: boolean; h?: boolean; r?: boolean }
type RenderedEvent = {
  toLocation: { hash: string; state: { __hashScrollIntoViewOptions?: boolean | ScrollIntoViewOptions } }
}
type Router = {
  isServer: boolean
  _scroll: ScrollFlags
  options: {
    scrollRestoration?: unknown
    scrollRestorationBehavior?: ScrollBehavior
    scrollToTopSelectors?: unknown
  }
  subscribe: (event: 'onRendered', listener: (event: RenderedEvent) => void) => () => void
}

export const storageKey = 'tsr-scroll-restoration-v1_3'

export const defaultGetScrollRestorationKey = (location: { href: string; state: { __TSR_key?: string } }) =>
  location.state.__TSR_key ?? location.href

/** No position is ever saved here, so an element has none to restore. */
export const getElementScrollRestorationEntry = (): undefined => undefined

export function setupScrollRestoration(router: Router, force?: boolean) {
  // NOTE: restoration, or elements that scroll back with the page, need the router's own module back: remove the
  // plugin from vite.config.ts.
  if ((force ?? router.options.scrollRestoration) || router.options.scrollToTopSelectors)
    throw new Error('The router is built without scroll restoration (scripts/router-scroll-reset.ts)')
  if (router.isServer) return
  const scroll = router._scroll
  if (scroll.r) return
  scroll.r = true
  router.subscribe('onRendered', (event) => {
    const shouldResetScroll = scroll.n
    scroll.n = true
    scroll.h = false
    const { hash, state } = event.toLocation
    const hashScrollIntoViewOptions = state.__hashScrollIntoViewOptions ?? true
    if (shouldResetScroll && !hash)
      scrollTo({ top: 0, left: 0, behavior: router.options.scrollRestorationBehavior })
    if (hash && hashScrollIntoViewOptions)
      document.getElementById(hash)?.scrollIntoView(hashScrollIntoViewOptions)
  })
}
