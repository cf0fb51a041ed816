import type { AnyRouter } from '@tanstack/react-router'

/**
 * Telegram opens the app as a Mini App with its launch parameters in the address's hash (`#tgWebAppData=…`).
 * Only this check is in the first load of every page: the login, its notices and their words load when the
 * parameter is there (components/mini-app-login.tsx).
 */
export function loginFromMiniApp(router: AnyRouter): Promise<void> {
  if (!router.history.location.hash.includes('tgWebAppData')) return Promise.resolve()
  return import('./components/mini-app-login.tsx').then((module) => module.startMiniAppLogin(router))
}
