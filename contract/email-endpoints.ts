import * as v from 'valibot'
import { NOTIFICATION_KINDS } from './schemas/notifications.ts'
import { ProfileSchema } from './schemas/profile.ts'
import { API_PREFIX, V1, type Endpoint } from './endpoint.ts'

/**
 * E-mail as a notification channel (docs/decisions/027-email.md). The two links a mail carries are pages, not JSON
 * calls, so they are paths here rather than endpoints: the verification link (GET: verifies, then redirects into the
 * app with `?email=verified` or `?email=invalid`) and the unsubscribe link (GET: a page with a button; POST, the
 * RFC 8058 one-click, or that button: turns that kind's e-mail off). Both take `?t=`, and are fixed, since mails
 * already sent carry them.
 */
export const EMAIL_VERIFY_PATH = `${API_PREFIX}/email/verify`
export const EMAIL_UNSUBSCRIBE_PATH = `${API_PREFIX}/email/unsubscribe`
/** Where the mail provider's inbound route posts a bounce (a delivery status notification, as raw mail). */
export const EMAIL_BOUNCES_PATH = `${API_PREFIX}/email/bounces`
/** How long a verification link works; it works once, and only for the address it was mailed to. */
export const EMAIL_LINK_TTL_H = 48
/** The wait between two verification links asked for by the same person. */
export const EMAIL_RESEND_COOLDOWN_S = 60

/** A verification token as mailed: 32 random bytes, URL-safe base64. */
const VerifyTokenSchema = v.pipe(v.string('invalid_request'), v.regex(/^[\w-]{43}$/, 'invalid_request'))
export const EmailVerifyQuerySchema = v.object({ t: VerifyTokenSchema })
export const EmailVerifyBodySchema = v.object({ token: VerifyTokenSchema })

/** An unsubscribe token: `<user id>.<kind>.<signature>` (an HMAC with a server secret; no row behind it). */
export const UnsubscribeTokenSchema = v.pipe(
  v.string('invalid_request'),
  v.maxLength(120, 'invalid_request'),
  v.regex(/^\d{1,10}\.[a-z_]{1,32}\.[\w-]{43}$/, 'invalid_request'),
  v.check(
    (token) => (NOTIFICATION_KINDS as readonly string[]).includes(token.split('.')[1]!),
    'invalid_request',
  ),
)
export const EmailUnsubscribeQuerySchema = v.object({ t: UnsubscribeTokenSchema })

export const DevMailQuerySchema = v.object({
  to: v.pipe(v.string('invalid_request'), v.maxLength(254, 'invalid_request'), v.email('invalid_request')),
})
export const DevMailResponseSchema = v.object({
  mails: v.array(
    v.object({
      to: v.string(),
      subject: v.string(),
      text: v.string(),
      html: v.string(),
      headers: v.record(v.string(), v.string()),
      created_at: v.string(),
    }),
  ),
})

export const emailEndpoints = {
  emailSendLink: {
    method: 'POST',
    path: `${V1}/profile/email/verification`,
    summary:
      'Mails a new verification link to the profile’s e-mail address (once a minute; 429 email_resend_too_soon)',
    tag: 'profile',
    auth: true,
    response: ProfileSchema,
  },
  emailVerify: {
    method: 'POST',
    path: `${V1}/email/verify`,
    summary:
      'Verifies the address a link was mailed to with its token (what the mailed link does); 400 email_link_invalid once used, expired or unknown',
    tag: 'profile',
    body: EmailVerifyBodySchema,
    response: v.object({ status: v.boolean() }),
  },
  devMail: {
    method: 'GET',
    path: `${API_PREFIX}/dev/mail`,
    summary:
      'Development only: the mails the dev mailbox kept for an address, newest first (without SMTP_URL)',
    tag: 'system',
    query: DevMailQuerySchema,
    response: DevMailResponseSchema,
  },
} as const satisfies Record<string, Endpoint>
