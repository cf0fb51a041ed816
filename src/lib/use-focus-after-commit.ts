import { useEffect, useRef, type RefObject } from 'react'

/**
 * Moves the focus, inside `scope`, to the element a selector names once React has committed the change that draws
 * it: a closing editor's Edit button or its "Saved" line. A frame's delay is not enough: a render that suspends
 * (a catalog, a lazy part) commits later, and the focus left on the removed form would fall to the page's body.
 */
export function useFocusAfterCommit(scope: RefObject<HTMLElement | null>) {
  const pending = useRef<string | null>(null)
  // After every commit: the element may come with a later one than the change that asked for it.
  useEffect(() => {
    if (!pending.current) return
    const element = scope.current?.querySelector<HTMLElement>(pending.current)
    if (!element) return
    pending.current = null
    element.focus()
  })
  return (selector: string) => {
    pending.current = selector
  }
}
