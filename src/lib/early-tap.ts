/** A button of a page the server drew that answers a tap made before the app has taken the page over. */
export type EarlyTap = 'login' | 'map'

const ATTRIBUTE = 'data-early-tap'

let listening: HTMLElement | null = null
const tapped = new Set<EarlyTap>()

const remember = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest(`[${ATTRIBUTE}]`) : null
  if (button) tapped.add(button.getAttribute(ATTRIBUTE) as EarlyTap)
}

/** The attribute that marks a button whose early tap is kept. */
export const earlyTap = (name: EarlyTap) => ({ [ATTRIBUTE]: name })

/**
 * On a page the server drew, a phone shows the buttons seconds before the app answers them, and a tap then would
 * reach no React handler and be lost: until the button is live, a plain listener keeps it.
 */
export function listenForEarlyTaps(root: HTMLElement) {
  listening = root
  root.addEventListener('click', remember)
}

/** The button is live: answers whether it was tapped before, and its own handler answers from now on. */
export function takeEarlyTap(name: EarlyTap) {
  const wasTapped = tapped.delete(name)
  if (tapped.size === 0) {
    listening?.removeEventListener('click', remember)
    listening = null
  }
  return wasTapped
}
