// The Mini App's `initData` (docs/decisions/026-telegram.md): Telegram signs the launch parameters with a key made
// from the bot's token, so the server can trust the Telegram user they name.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The Telegram user a valid `initData` names, and when Telegram signed it. */
export type TelegramLaunch = { telegramId: string; languageCode: string | null; authDate: Date }

/**
 * Checks `initData` (the raw query string the Mini App gets) against the bot's token: the HMAC of its other fields,
 * sorted and joined by new lines, under HMAC("WebAppData", token) must be its `hash`, and it must be younger than
 * `maxAgeS`. Anything else (no hash, a changed field, too old, no user) is undefined.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  now: Date,
  maxAgeS: number,
): TelegramLaunch | undefined {
  const fields = new URLSearchParams(initData)
  const hash = fields.get('hash')
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) return undefined
  fields.delete('hash')
  const expected = signatureOf([...fields.entries()], botToken)
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return undefined
  const authDate = Number(fields.get('auth_date'))
  if (!Number.isInteger(authDate) || authDate <= 0) return undefined
  const age = now.getTime() / 1000 - authDate
  if (age > maxAgeS || age < -60) return undefined
  const user = parseUser(fields.get('user'))
  if (!user) return undefined
  return { telegramId: user.id, languageCode: user.languageCode, authDate: new Date(authDate * 1000) }
}

/** HMAC-SHA256 of the fields sorted by key and joined by new lines, under the key HMAC-SHA256("WebAppData", token). */
function signatureOf(fields: [string, string][], botToken: string): Buffer {
  const checked = fields
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest()
  return createHmac('sha256', secret).update(checked).digest()
}

/** Launch data as Telegram signs it: for the dev bot's Mini App link and for tests. */
export function signInitData(botToken: string, fields: Record<string, string>): string {
  const hash = signatureOf(Object.entries(fields), botToken).toString('hex')
  return new URLSearchParams({ ...fields, hash }).toString()
}

function parseUser(json: string | null): { id: string; languageCode: string | null } | undefined {
  if (!json) return undefined
  try {
    const user = JSON.parse(json) as { id?: unknown; language_code?: unknown }
    if (typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0) return undefined
    return {
      id: String(user.id),
      languageCode: typeof user.language_code === 'string' ? user.language_code : null,
    }
  } catch {
    return undefined
  }
}
