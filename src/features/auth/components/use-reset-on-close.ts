import { useEffect, useRef } from 'react'

export const RESET_AFTER_CLOSE_MS = 500

/**
 * Clears a multi-step modal half a second after it closes, once its closing animation is over (spec). A modal opened
 * again within that half second keeps what it has: the timer is dropped when it opens, and the reset checks that the
 * modal is still closed when it fires, so it can never clear what someone types into a modal that is open.
 */
export function useResetOnClose(isOpen: boolean, reset: () => void) {
  const latest = useRef({ isOpen, reset })
  useEffect(() => {
    latest.current = { isOpen, reset }
  })
  useEffect(() => {
    if (isOpen) return
    const timer = setTimeout(() => {
      if (!latest.current.isOpen) latest.current.reset()
    }, RESET_AFTER_CLOSE_MS)
    return () => clearTimeout(timer)
  }, [isOpen])
}
