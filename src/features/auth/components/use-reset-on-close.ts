import { useEffect } from 'react'

export const RESET_AFTER_CLOSE_MS = 500

/** Clears a multi-step modal half a second after it closes, once its closing animation is over (spec). */
export function useResetOnClose(isOpen: boolean, reset: () => void) {
  useEffect(() => {
    if (isOpen) return
    const timer = setTimeout(reset, RESET_AFTER_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [isOpen, reset])
}
