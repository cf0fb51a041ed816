import { useLayoutEffect } from 'react'

/**
 * Puts focus back where it was when a modal opened, once it closes. Browsers do this for a <dialog> closed with
 * close(), but not for one that leaves the page with the component around it (a screen that renders the picker
 * only while it is open), and then focus would fall to the top of the page.
 */
export function useFocusReturn(open: boolean) {
  // A layout effect: it runs before the modal's own effect moves focus into the dialog.
  useLayoutEffect(() => {
    if (!open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [open])
}
