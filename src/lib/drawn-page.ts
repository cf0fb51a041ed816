import { lazy, type ComponentType } from 'react'
import { afterFirstLoad } from './after-first-load.ts'
import { isLoggedIn } from './session-store.ts'

let takingOver: boolean | undefined

/**
 * Whether the app takes over a page the server drew (a guest on a public page) rather than drawing its own. Read
 * once, as the app starts: signing in later does not change how this page began.
 */
export function takesOverDrawnPage(): boolean {
  takingOver ??= document.getElementById('root')?.hasAttribute('data-rendered') === true && !isLoggedIn()
  return takingOver
}

const afterTheFirstLoad = () => new Promise<void>((resolve) => afterFirstLoad(resolve))

/**
 * A part of the layout that no first tap needs (the footer, the notices). On a page the server drew, its code
 * loads after the first load and React keeps the server's markup in place until then: its links work as plain
 * links, and the phone spends its first seconds on what it shows (docs/decisions/018). A page the browser draws
 * itself loads it at once. If its code never arrives, the part is left out rather than the page broken.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own lazy: any component, props kept
export function lazyAfterFirstLoad<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const leftOut = (() => null) as unknown as T
  return lazy(async () => {
    if (!import.meta.env.SSR && takesOverDrawnPage()) await afterTheFirstLoad()
    return load().catch(() => ({ default: leftOut }))
  })
}

/** A lazy part's module once its feature's messages are in too (docs/decisions/007): what `lazy` is given. */
export const withMessages = async <M>(module: Promise<M>, messages: Promise<void>): Promise<M> =>
  (await Promise.all([module, messages]))[0]
