// One-click unsubscribe links (docs/decisions/027-email.md): `<user id>.<kind>.<signature>`, an HMAC with a key of
// their own derived from the server's secret. No row stands behind a link, and none needs a login.
import { EMAIL_UNSUBSCRIBE_PATH } from '#contract/email-endpoints.ts'
import { NOTIFICATION_KINDS, type NotificationKind } from '#contract/schemas/notifications.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { hmac, safeEqual } from '#server/lib/secrets.ts'

const isKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value)

export function createUnsubscribeLinks(secret: string, appUrl: string) {
  // A key of its own, so that a signature made here is never one that any other use of the secret accepts.
  const key = hmac(secret, 'email-unsubscribe')
  const signature = (userId: number, kind: NotificationKind) => hmac(key, `${userId}.${kind}`)
  return {
    /** The link a mail of `kind` to this person carries, opening its page in the mail's language. */
    url: (userId: number, kind: NotificationKind, locale: Locale) =>
      `${appUrl}${EMAIL_UNSUBSCRIBE_PATH}?t=${userId}.${kind}.${signature(userId, kind)}&lang=${locale}`,

    /** Whose and which kind a token names, when its signature holds. */
    read(token: string) {
      const [id = '', kind = '', given = ''] = token.split('.')
      const userId = Number(id)
      if (!Number.isSafeInteger(userId) || !isKind(kind)) return undefined
      return safeEqual(given, signature(userId, kind)) ? { userId, kind } : undefined
    },
  }
}
