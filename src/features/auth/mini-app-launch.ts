import type { AnyRouter } from '@tanstack/react-router'

/**
 * Telegram opens the app as a Mini App with its launch parameters in the address's hash (`#tgWebAppData=…`); the
 * bot's "Open Fika" button opens it with a single-use login token there (`#fikaLogin=…`). Only this check is in
 * the first load of every page: the login, its notices and their words load when a parameter is there
 * (components/mini-app-login.tsx).
 */
export function loginFromMiniApp(router: AnyRouter): Promise<void> {
  const { hash } = router.history.location
  if (!hash.includes('tgWebAppData') && !hash.includes('fikaLogin')) return Promise.resolve()
  return import('./components/mini-app-login.tsx').then((module) => module.startMiniAppLogin(router))
}
