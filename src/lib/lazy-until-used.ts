import { lazy, type ComponentType } from 'react'
import { afterFirstLoad } from './after-first-load.ts'
import { takesOverDrawnPage } from './drawn-page.ts'

/** What says a visitor is about to use a part: a finger, the pointer, the keyboard or focus reaching it. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'focusin', 'keydown', 'submit'] as const

/**
 * A part of the first screen that is drawn before its code is needed (the search box, the categories' row): on a
 * page the server drew, React keeps the server's markup in place, and the part's code loads when the visitor first
 * reaches it (`selector` matches where) or after the first load, whichever comes first. So the first load of `/`
 * carries only what the first paint needs (docs/decisions/018). A page the browser draws itself loads it at once,
 * showing the Suspense fallback meanwhile.
 *
 * Unlike lazyAfterFirstLoad, a part that fails to load is not left out: the error reaches the route's boundary,
 * whose notice reloads into a version whose chunks exist (lib/chunk-reload.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own lazy: any component, props kept
export function lazyUntilUsed<T extends ComponentType<any>>(
  selector: string,
  load: () => Promise<{ default: T }>,
) {
  return lazy(() => {
    if (import.meta.env.SSR || !takesOverDrawnPage()) return load()
    // React sends no event to a part it has not taken over yet, so the browser would send the part's form itself and
    // reload the page, losing what was typed. It is kept from that; the part, once here, takes over what was typed.
    // NOTE: for good: the app's forms are never sent by the browser, so this only ever does what their handlers do.
    addEventListener(
      'submit',
      (event) => {
        if (event.target instanceof Element && event.target.closest(selector)) event.preventDefault()
      },
      { capture: true },
    )
    return new Promise<void>((resolve) => {
      // The first touch may have come before the app started (it is what starts it, src/boot.ts).
      if (document.activeElement?.closest(selector)) return resolve()
      const onUse = (event: Event) => {
        if (event.target instanceof Element && event.target.closest(selector)) used()
      }
      const used = () => {
        for (const type of FIRST_USE_EVENTS) removeEventListener(type, onUse, { capture: true })
        resolve()
      }
      for (const type of FIRST_USE_EVENTS) addEventListener(type, onUse, { capture: true, passive: true })
      afterFirstLoad(used)
    }).then(load)
  })
}
