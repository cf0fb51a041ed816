import * as v from 'valibot'
import { SessionResponseSchema } from './schemas/auth.ts'
import {
  DevTelegramMessageBodySchema,
  DevTelegramMessageResponseSchema,
  DevTelegramQuerySchema,
  DevTelegramResponseSchema,
} from './schemas/dev.ts'
import { ProfileSchema } from './schemas/profile.ts'
import { API_PREFIX, TELEGRAM_LOGIN_LINK_PATH, TELEGRAM_LOGIN_PATH, V1, type Endpoint } from './endpoint.ts'

/** Where Telegram posts the bot's updates (setWebhook's url ends with it); fixed for operators (issue 34). */
export const TELEGRAM_WEBHOOK_PATH = `${API_PREFIX}/telegram/webhook`
/** The header Telegram sends the webhook's secret in. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token'
/** Development only: the dev bot's chat as a page, to play a Telegram user in a browser (`?chat_id=`). */
export const TELEGRAM_DEV_PAGE_PATH = `${API_PREFIX}/dev/telegram/chat`
/** How long a "Connect Telegram" link works; it works once. */
export const TELEGRAM_LINK_TTL_MIN = 15
/** How long the bot's "Open Fika" link logs its account in; it works once. */
export const TELEGRAM_LOGIN_TTL_MIN = 10

export const TelegramLoginLinkBodySchema = v.object({
  token: v.pipe(v.string('invalid_request'), v.regex(/^[\w-]{20,64}$/, 'invalid_request')),
})

export const TelegramLinkResponseSchema = v.object({
  /** `https://t.me/<bot>?start=<single-use token>`: open it, or scan its QR code, to link this account. */
  link: v.string(),
  expires_at: v.string(),
})
export type TelegramLinkResponse = v.InferOutput<typeof TelegramLinkResponseSchema>

/**
 * Telegram and the account (docs/decisions/026-telegram.md): linking from the settings, unlinking, and the login
 * of the Mini App, which sends Telegram's `initData` as `Authorization: tma <initData>` and gets the spec's login
 * answer (401 for a bad or stale signature, 404 `telegram_not_linked` for a Telegram user with no account).
 */
export const telegramEndpoints = {
  telegramLink: {
    method: 'POST',
    path: `${V1}/profile/telegram/link`,
    summary: 'A single-use deep link to the bot that links this account to the Telegram user who opens it',
    tag: 'profile',
    auth: true,
    response: TelegramLinkResponseSchema,
  },
  telegramUnlink: {
    method: 'DELETE',
    path: `${V1}/profile/telegram`,
    summary: 'Unlinks Telegram from this account (its Telegram notifications stop)',
    tag: 'profile',
    auth: true,
    response: ProfileSchema,
  },
  telegramLogin: {
    method: 'POST',
    path: TELEGRAM_LOGIN_PATH,
    summary:
      'The Mini App login: Authorization: tma <initData>; answers like login and sets the refresh cookie',
    tag: 'auth',
    response: SessionResponseSchema,
  },
  telegramLoginLink: {
    method: 'POST',
    path: TELEGRAM_LOGIN_LINK_PATH,
    summary:
      'Trades the token of the bot\'s single-use "Open Fika" link for a session; answers like login (401 once used or expired)',
    tag: 'auth',
    body: TelegramLoginLinkBodySchema,
    response: SessionResponseSchema,
  },
  devTelegram: {
    method: 'GET',
    path: `${API_PREFIX}/dev/telegram`,
    summary:
      'Development only: the messages the dev bot would have sent to a Telegram chat, oldest first, and the Mini App link of its user',
    tag: 'system',
    query: DevTelegramQuerySchema,
    response: DevTelegramResponseSchema,
  },
  devTelegramMessage: {
    method: 'POST',
    path: `${API_PREFIX}/dev/telegram`,
    summary: 'Development only: a message to the dev bot as a Telegram user would send it (`/start <token>`)',
    tag: 'system',
    body: DevTelegramMessageBodySchema,
    response: DevTelegramMessageResponseSchema,
  },
} as const satisfies Record<string, Endpoint>
