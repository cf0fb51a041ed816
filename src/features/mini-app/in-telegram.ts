import type { AnyRouter } from '@tanstack/react-router'
import { LAUNCH_KEY } from './launch-key.ts'

/**
 * Telegram opens the Mini App with its launch parameters in the hash (`#tgWebAppData=…&tgWebAppThemeParams=…`);
 * the login takes them out of the address (features/auth), and a later page of the same tab has none. So the tab
 * keeps them, and every page it opens inside Telegram follows Telegram's theme and buttons (mini-app.ts). Only this
 * check is in the first load: in a plain browser nothing else loads.
 */
export function startInTelegram(router: AnyRouter): Promise<(() => void) | undefined> {
  const { hash } = router.history.location
  let launch: string | null = null
  if (hash.includes('tgWebAppData')) {
    const parameters = new URLSearchParams(hash.replace(/^#/, ''))
    // The signed data is the login's, and only for this moment: it is not kept.
    parameters.delete('tgWebAppData')
    launch = parameters.toString()
  }
  try {
    if (launch === null) launch = sessionStorage.getItem(LAUNCH_KEY)
    else sessionStorage.setItem(LAUNCH_KEY, launch)
  } catch {
    // A storage that refuses: this page still knows it is inside Telegram, a reload does not.
  }
  if (launch === null) return Promise.resolve(undefined)
  const parameters = new URLSearchParams(launch)
  return import('./mini-app.ts').then(
    (module) => module.startMiniApp(router, parameters),
    () => undefined,
  )
}
