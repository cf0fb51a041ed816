import { INVITE_CODE_MAX, INVITE_CODE_PATTERN } from '#contract/schemas/invite.ts'

const KEY = 'fika:invite'

/**
 * The invite link's code (`/signup?invite=CODE`, decision 015 "Bonuses"), kept in this browser until the person
 * registers: the registration form sends it. Only a well-formed code is kept.
 */
export function rememberInvite(code: unknown) {
  if (typeof code !== 'string') return
  const text = code.trim().toLowerCase().slice(0, INVITE_CODE_MAX)
  if (!INVITE_CODE_PATTERN.test(text)) return
  try {
    localStorage.setItem(KEY, text)
  } catch {
    // Storage refused (private mode): the invite is lost, the sign-up still works.
  }
}

export function rememberedInvite(): string | null {
  try {
    const text = localStorage.getItem(KEY)
    return text && INVITE_CODE_PATTERN.test(text) ? text : null
  } catch {
    return null
  }
}

export function forgetInvite() {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}

/**
 * The bot's sign-up link with the invite this browser keeps, if any: the bot's deep link carries it as
 * `start=inv_<code>` (Telegram allows letters, digits, `_` and `-` there), so an invite survives signing up in
 * Telegram too.
 */
export function botLinkWithInvite(botUrl: string): string {
  const code = rememberedInvite()
  if (!code) return botUrl
  try {
    const url = new URL(botUrl)
    url.searchParams.set('start', `inv_${code}`)
    return url.toString()
  } catch {
    return botUrl
  }
}
