import { useEffect, type RefObject } from 'react'

/**
 * Closes a menu on Escape (spec) and on a click outside it. With `returnFocus`, Escape pressed inside the menu
 * puts the focus back on that element (the menu's button), so a keyboard user is not left on nothing.
 */
export function useDismiss(
  open: boolean,
  ref: RefObject<HTMLElement | null>,
  close: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      const focusWasInside = ref.current?.contains(document.activeElement) ?? false
      close()
      if (focusWasInside) returnFocus?.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open, ref, close, returnFocus])
}
