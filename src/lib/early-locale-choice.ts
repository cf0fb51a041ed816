import { switchLocale, type Locale } from './locale.ts'

const SWITCHER = 'language-switcher__select'

const carryOut = (event: Event) => {
  const target = event.target
  if (target instanceof HTMLSelectElement && target.classList.contains(SWITCHER))
    switchLocale(target.value as Locale)
}

let listening: HTMLElement | null = null

/**
 * On a page the server drew, the language select is usable before the app takes the page over, and a choice made
 * then would reach no React handler: until the switcher is live, a plain listener carries it out.
 */
export function listenForEarlyLocaleChoice(root: HTMLElement) {
  listening = root
  root.addEventListener('change', carryOut)
}

/** The switcher is live: its own handler answers from now on. */
export function stopEarlyLocaleChoice() {
  listening?.removeEventListener('change', carryOut)
  listening = null
}
