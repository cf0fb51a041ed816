// What the bot writes, in the reader's language, from the server's catalogs (server/locales/*.po).
import { serverText, type ServerMessage } from '#server/i18n/catalog.ts'
import type { Locale } from '#server/i18n/locale.ts'

const TEXTS = {
  linked: /*i18n*/ {
    id: 'telegram.linked',
    message:
      'Your Telegram is now linked to your Fika account. The notifications you switch on for Telegram in the app will come to this chat.',
  },
  linkInvalid: /*i18n*/ {
    id: 'telegram.link_invalid',
    message:
      'This link no longer works: it was already used or it has expired. In the Fika app open Profile → Settings → Connect Telegram to get a new one.',
  },
  welcome: /*i18n*/ {
    id: 'telegram.welcome',
    message:
      'Hello! This is the Fika bot. To link your Fika account, open the app, then Profile → Settings → Connect Telegram.',
  },
  openApp: /*i18n*/ { id: 'telegram.open_app', message: 'Open Fika' },
  open: /*i18n*/ { id: 'telegram.open', message: 'Open' },
} satisfies Record<string, ServerMessage>

export type BotText = keyof typeof TEXTS

export const botText = (text: BotText, locale: Locale) => serverText(TEXTS[text], locale)

/**
 * Telegram's `language_code` (IETF) as one of our languages: Uzbek in Latin script unless it says Cyrillic, and
 * Russian, the default, for the rest.
 */
export function localeOfTelegram(languageCode: string | null | undefined): Locale {
  const code = (languageCode ?? '').toLowerCase()
  if (code.startsWith('uz')) return code.includes('cyrl') ? 'uz' : 'oz'
  if (code.startsWith('en')) return 'en'
  return 'ru'
}
