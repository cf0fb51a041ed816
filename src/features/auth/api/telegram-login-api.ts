import { TELEGRAM_LOGIN_LINK_PATH, TELEGRAM_LOGIN_PATH } from '#contract/endpoint.ts'
import type { telegramEndpoints } from '#contract/telegram-endpoints.ts'
import { api } from '#src/lib/api.ts'

// NOTE: the client reads only an endpoint's method and path as it runs; the contract's schemas give the types.
// Imported as values they would be in the Mini App's first load, which sends one of these before its first tap.
const endpoints = {
  telegramLogin: { method: 'POST', path: TELEGRAM_LOGIN_PATH } as typeof telegramEndpoints.telegramLogin,
  telegramLoginLink: {
    method: 'POST',
    path: TELEGRAM_LOGIN_LINK_PATH,
  } as typeof telegramEndpoints.telegramLoginLink,
}

/** The Mini App's logins (docs/decisions/026-telegram.md), apart from the other auth calls and their schemas. */
export const telegramLoginApi = {
  /** Telegram's signed launch data (`initData`, as Telegram wrote it) instead of a password. */
  withLaunchData: (initData: string) =>
    api.call(endpoints.telegramLogin, { headers: { authorization: `tma ${initData}` } }),
  /** The bot's single-use "Open Fika" link's token, traded for a session. */
  withLinkToken: (token: string) => api.call(endpoints.telegramLoginLink, { body: { token } }),
}
