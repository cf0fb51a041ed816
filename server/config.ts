import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { OPEN_ORDERS_MAX } from '#contract/schemas/orders.ts'
import { isPushHostEntry } from '#server/adapters/push/push-service-hosts.ts'

/** `MAP_STYLE_URL=bundled`: the maps use the style shipped with the app and fetch nothing from elsewhere. */
export const BUNDLED_MAP_STYLE = 'bundled'
/** OpenFreeMap's street style: free, no key, streets and house numbers, so a customer can pin their own door. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

const bool = v.pipe(
  v.picklist(['true', 'false', '1', '0', 'yes', 'no']),
  v.transform((value) => value === 'true' || value === '1' || value === 'yes'),
)
const int = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, 'a whole number'),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  )
/** Whole numbers separated by commas, each within the bounds, at most `most` of them (`10,60`). */
const intList = (min: number, max: number, most: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'whole numbers separated by commas'),
    v.transform((value) => value.split(',').map((part) => Number(part.trim()))),
    v.maxLength(most),
    v.check((list) => list.every((n) => n >= min && n <= max), `each from ${min} to ${max}`),
  )
const url = (protocols: string[]) =>
  v.pipe(
    v.string(),
    v.url(),
    v.check(
      // NOTE: v.url() reports a bad URL without stopping the pipe, so this check must not throw on one.
      (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
      `a URL starting with ${protocols.join(' or ')}`,
    ),
  )

/**
 * Which proxies in front may say who the client is (X-Forwarded-For), in the forms Fastify's `trustProxy` takes:
 * `false`, a hop count (`1` for one proxy), or the proxies' addresses and CIDRs. `true` would believe any address
 * a client writes itself, and with it every per-address limit, so it is refused (docs/operations.md).
 */
const trustedProxies = v.pipe(
  v.string(),
  v.check(
    (value) => !['true', 'yes'].includes(value.trim().toLowerCase()),
    "a hop count (1 for one proxy in front) or the proxies' addresses/CIDRs, not true: true lets any client " +
      'choose its own address, and so pass every per-address limit',
  ),
  v.transform((value): false | number | string[] => {
    const trimmed = value.trim().toLowerCase()
    if (trimmed === 'false' || trimmed === 'no') return false
    if (/^\d+$/.test(trimmed)) return Number(trimmed) === 0 ? false : Number(trimmed)
    return trimmed.split(',').map((entry) => entry.trim())
  }),
  v.check(
    (value) =>
      value === false ||
      (typeof value === 'number' ? value <= 10 : value.every((entry) => isAddressOrCidr(entry))),
    'a hop count from 0 to 10, or a comma-separated list of IP addresses and CIDRs (10.0.0.0/8, ::1)',
  ),
)

function isAddressOrCidr(entry: string) {
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)
}

// A P-256 public key in URL-safe base64 is 65 bytes (87 characters), its private key 32 bytes (43 characters).
const base64urlBytes = (bytes: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'URL-safe base64'),
    v.check((value) => Buffer.from(value, 'base64url').length === bytes, `${bytes} bytes`),
  )
// A service account's key arrives in one line with \n escapes from most secret stores and .env files.
const pemKey = v.pipe(
  v.string(),
  v.transform((value) => value.replaceAll('\\n', '\n')),
  v.check((value) => /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(value), 'a PEM private key'),
)
/**
 * The push services browsers subscribe with: Chrome (FCM), Firefox (autopush), Safari (Apple) and Edge (WNS).
 * Pushes go to these hosts only (docs/operations.md, "Push service hosts").
 */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com'
const hostList = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  ),
  v.minLength(1, 'at least one host'),
  v.check(
    (hosts) => hosts.every(isPushHostEntry),
    'host names separated by commas, each alone or after "*." (no scheme, port, path or IP address)',
  ),
)
const FCM_VARIABLES = [
  'FCM_PROJECT_ID',
  'FCM_CLIENT_EMAIL',
  'FCM_PRIVATE_KEY',
  'FCM_API_KEY',
  'FCM_MESSAGING_SENDER_ID',
  'FCM_APP_ID',
] as const

const EnvEntries = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
  PORT: v.optional(int(0, 65535), '8080'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
  /** Where `npm run backup` writes (docs/operations.md, "Backups and restore"). Unset: DATA_DIR/backups. */
  BACKUP_DIR: v.optional(v.pipe(v.string(), v.nonEmpty())),
  DATABASE_URL: v.optional(url(['postgres:', 'postgresql:'])),
  REDIS_URL: v.optional(url(['redis:', 'rediss:'])),
  /**
   * Begins every key, stream and channel this deployment uses in Redis, so that two deployments on one Redis (a
   * staging and a production, or the tests' apps) share no request budget, socket event or cache message.
   */
  REDIS_KEY_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[\w.:-]{1,40}$/, '1 to 40 of A-Z a-z 0-9 _ . : -')),
    'fika:',
  ),
  AUTH_CACHE_TTL_S: v.optional(int(0, 60), '10'),
  OPEN_LIST_CACHE_MS: v.optional(int(0, 10_000), '1000'),
  /** How many live orders (open, or awaiting a specialist) one customer may hold at once. */
  OPEN_ORDERS_PER_CUSTOMER: v.optional(int(1, 100_000), String(OPEN_ORDERS_MAX)),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'at least 32 characters'))),
  /**
   * The identity documents' keys (server/documents-key.ts): `1:<32 bytes in base64>`, a newer one first when
   * rotating. Unset: one is made in DATA_DIR on first start. Required in production.
   */
  DOCUMENTS_KEY: v.optional(v.pipe(v.string(), v.minLength(44, 'a 32-byte key in base64'))),
  /** Identity documents are deleted this many days after their review was decided. */
  DOCUMENTS_RETENTION_DAYS: v.optional(int(1, 3650), '90'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  TRUST_PROXY: v.optional(trustedProxies, 'false'),
  RATE_LIMIT_PER_MINUTE: v.optional(int(1, 1_000_000_000), '600'),
  SMS_PROVIDER: v.optional(v.picklist(['dev', 'eskiz']), 'dev'),
  ESKIZ_BASE_URL: v.optional(url(['http:', 'https:']), 'https://notify.eskiz.uz/api'),
  ESKIZ_EMAIL: v.optional(v.string()),
  ESKIZ_PASSWORD: v.optional(v.string()),
  ESKIZ_FROM: v.optional(v.string(), '4546'),
  SEED_DEMO_USERS: v.optional(bool, 'true'),
  SEED_DEMO_ORDERS: v.optional(bool, 'true'),
  /**
   * The maps' tile style (docs/decisions/021): a MapLibre style URL, or `bundled` for the style shipped with the app
   * (no network). Unset: OpenFreeMap's street style, except under NODE_ENV=test, where nothing may leave the machine.
   */
  MAP_STYLE_URL: v.optional(v.union([v.literal(BUNDLED_MAP_STYLE), url(['http:', 'https:'])])),
  VAPID_PUBLIC_KEY: v.optional(base64urlBytes(65)),
  VAPID_PRIVATE_KEY: v.optional(base64urlBytes(32)),
  VAPID_SUBJECT: v.optional(url(['mailto:', 'https:']), 'mailto:support@fika.uz'),
  FCM_PROJECT_ID: v.optional(v.string()),
  FCM_CLIENT_EMAIL: v.optional(v.pipe(v.string(), v.email())),
  FCM_PRIVATE_KEY: v.optional(pemKey),
  FCM_API_KEY: v.optional(v.string()),
  FCM_MESSAGING_SENDER_ID: v.optional(v.string()),
  FCM_APP_ID: v.optional(v.string()),
  /** Hosts Web Push endpoints may be on; `*.domain` allows any name under the domain. */
  PUSH_SERVICE_HOSTS: v.optional(hostList, DEFAULT_PUSH_SERVICE_HOSTS),
  /**
   * The site's own address, for links that leave the app (invites, the SMS fallback's, the sitemap's). Unset: the
   * address this server listens on (localAddress), which only this machine can open; production sets it.
   */
  PUBLIC_URL: v.optional(
    v.pipe(
      url(['http:', 'https:']),
      v.transform((value) => value.replace(/\/+$/, '')),
    ),
  ),
  SMS_FALLBACK_MINUTES: v.optional(int(1, 7 * 24 * 60), '15'),
  SMS_FALLBACK_PER_DAY: v.optional(int(0, 100), '3'),
  /**
   * A fallback SMS claimed this long ago and never recorded was in flight when its process died: it counts as
   * handed to the provider (not sent again), since the provider may have sent it (docs/decisions/025).
   */
  SMS_FALLBACK_LEASE_S: v.optional(int(1, 3600), '120'),
  /**
   * Whether this process takes part in scheduled work (the SMS fallback each minute, nightly retention). Every
   * process may: pg-boss makes each tick once, for one of them. Tests run scheduled work by hand.
   */
  JOB_SCHEDULES: v.optional(bool, 'true'),
  /**
   * When the job queue starts: `ready`, with the app (a server: it takes over jobs other processes left), or
   * `first-job`, when this app first queues a job or asks about them (tests: most build an app per test and queue
   * none, and a queue's start is a pool, a listener and its workers).
   */
  JOBS_START: v.optional(v.picklist(['ready', 'first-job']), 'ready'),
  /** Waits, in seconds, before each new try of a push the push service may take later (429, 5xx, network). */
  PUSH_RETRY_DELAYS_S: v.optional(intList(0, 600, 10), '10,60'),
  /** Pushes one process sends at once. */
  PUSH_CONCURRENCY: v.optional(int(1, 256), '16'),
  /** Retention (docs/operations.md): days after which the nightly job deletes each kind of old row. */
  RETENTION_READ_NOTIFICATIONS_DAYS: v.optional(int(1, 3650), '90'),
  RETENTION_UNREAD_NOTIFICATIONS_DAYS: v.optional(int(1, 3650), '365'),
  RETENTION_FAILING_PUSH_DAYS: v.optional(int(1, 3650), '30'),
  RETENTION_ENDED_SESSIONS_DAYS: v.optional(int(1, 3650), '30'),
  RETENTION_SMS_CODES_DAYS: v.optional(int(2, 3650), '2'),
  RETENTION_UNPAID_INVOICES_DAYS: v.optional(int(1, 3650), '30'),
  /** When the retention job runs, as a cron line in UTC (default 22:00 UTC, 03:00 in Tashkent). */
  RETENTION_CRON: v.optional(
    v.pipe(v.string(), v.regex(/^\S+( \S+){4}$/, 'a cron line of five fields')),
    '0 22 * * *',
  ),
  /** Chat messages one person may send in a minute (docs/decisions/014-chat.md). */
  CHAT_MESSAGES_PER_MINUTE: v.optional(int(1, 1000), '30'),
  /** How long a chat message may stay unread before it becomes a notification (bell and push). */
  CHAT_NOTIFY_AFTER_S: v.optional(int(0, 3600), '10'),
  /** Plan prices per month in so'm (docs/decisions/015-wallet-and-payments.md); sent to providers in tiyin. */
  PLAN_PRICE_STARTER: v.optional(int(1000, 100_000_000), '49000'),
  PLAN_PRICE_MASTER: v.optional(int(1000, 100_000_000), '99000'),
  PLAN_PRICE_PROFESSIONAL: v.optional(int(1000, 100_000_000), '149000'),
  /** Plan days the inviter and the invitee each get when the invitee's first plan is paid (decision 015). */
  INVITE_BONUS_DAYS: v.optional(int(1, 365), '7'),
  /** Payme Merchant API: the kassa id and its KEY. Without the key Payme runs in sandbox mode. */
  PAYME_MERCHANT_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'a kassa id'))),
  PAYME_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'at least 8 characters'))),
  PAYME_CHECKOUT_URL: v.optional(url(['https:', 'http:']), 'https://checkout.paycom.uz'),
  /** Click SHOP API: the service, the merchant and the secret key. Without the key Click runs in sandbox mode. */
  CLICK_SERVICE_ID: v.optional(v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'a number'))),
  CLICK_MERCHANT_ID: v.optional(v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'a number'))),
  CLICK_SECRET_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'at least 8 characters'))),
  CLICK_CHECKOUT_URL: v.optional(url(['https:', 'http:']), 'https://my.click.uz/services/pay'),
  /** Click Merchant API (refunds by reversal, `npm run payment-refund`): the merchant user id from Click's cabinet. */
  CLICK_MERCHANT_USER_ID: v.optional(v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'a number'))),
  CLICK_MERCHANT_API_URL: v.optional(url(['https:', 'http:']), 'https://api.click.uz/v2/merchant'),
  /**
   * Telegram (docs/decisions/026-telegram.md). Without a token, outside production, a dev bot keeps what it would
   * send (`GET /api/dev/telegram?chat_id=`) and signs Mini App data with a fixed dev token; in production Telegram is
   * then off. TELEGRAM_API_ROOT points the bot at another Bot API server (a local fake in tests).
   */
  TELEGRAM_BOT_TOKEN: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,20}:[A-Za-z0-9_-]{20,200}$/, 'a bot token from @BotFather')),
  ),
  TELEGRAM_BOT_USERNAME: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "the bot's @username, without the @")),
    'fika_uz_bot',
  ),
  /** What Telegram sends in X-Telegram-Bot-Api-Secret-Token with each update; given to setWebhook. */
  TELEGRAM_WEBHOOK_SECRET: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32,256}$/, '32 to 256 letters, digits, _ or -')),
  ),
  TELEGRAM_API_ROOT: v.optional(
    v.pipe(
      url(['https:', 'http:']),
      v.transform((value) => value.replace(/\/+$/, '')),
    ),
    'https://api.telegram.org',
  ),
  /**
   * How updates arrive: `webhook` (Telegram posts them to /api/telegram/webhook; production) or `polling` (the server
   * asks for them: a developer's real bot with no public address). Polling with a token only.
   */
  TELEGRAM_MODE: v.optional(v.picklist(['webhook', 'polling'], 'webhook or polling'), 'webhook'),
  /**
   * E-mail (docs/decisions/027-email.md): the SMTP server mail goes through, as nodemailer reads it
   * (`smtps://user:pass@smtp.example.com`, `smtp://localhost:25?ignoreTLS=true`). Unset, outside production, a dev
   * mailbox keeps what would be sent (`GET /api/dev/mail?to=`); in production e-mail is then off.
   */
  SMTP_URL: v.optional(url(['smtp:', 'smtps:'])),
  /** The mails' sender, `Name <address>` or an address. */
  MAIL_FROM: v.optional(
    v.pipe(v.string(), v.minLength(3), v.maxLength(200), v.regex(/@/, 'an e-mail address')),
    'Fika <no-reply@fika.uz>',
  ),
  /**
   * Where bounces that come back later as mail go (docs/decisions/027-email.md): each mail's envelope sender is
   * this address with the person's signed token (`bounces+u12.…@fika.uz`). Unset: the envelope sender is MAIL_FROM.
   */
  MAIL_BOUNCES_TO: v.optional(v.pipe(v.string(), v.maxLength(100), v.email('an e-mail address'))),
  /**
   * The bearer token the mail provider's inbound route sends with a bounce to `POST /api/email/bounces`; unset,
   * that route is not found.
   */
  MAIL_BOUNCE_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'at least 32 characters'))),
  /** `GET /metrics` on the main port answers only `Authorization: Bearer <METRICS_TOKEN>`; unset, it is not found. */
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.minLength(32, 'at least 32 characters'),
      v.regex(/^[\x21-\x7e]+$/, 'printable characters without spaces'),
    ),
  ),
  /** A second port serving only `GET /metrics`, without a token, on METRICS_HOST (this machine by default). */
  METRICS_PORT: v.optional(int(1, 65535)),
  METRICS_HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  /**
   * How long a stopping process answers "not ready" before it closes its port, so the proxy's health check sees it
   * first and sends nobody new. Unset: 2 s in production, none elsewhere.
   */
  SHUTDOWN_DRAIN_MS: v.optional(int(0, 20_000)),
})
type Env = v.InferOutput<typeof EnvEntries>

/**
 * What development turns on for a demo and production must never run with: each would hand a visitor what the
 * product guards (every SMS code, free plans, made-up people). A production start without the real setting fails,
 * naming the variable to set.
 */
const PRODUCTION_REFUSALS: {
  variable: keyof Env
  /** `given`: the variables as set, before any default. */
  allowed: (env: Env, given: Record<string, string | undefined>) => boolean
  message: string
}[] = [
  {
    variable: 'PUBLIC_URL',
    allowed: (_env, given) => Boolean(given.PUBLIC_URL),
    message:
      "set PUBLIC_URL to the site's address: links in SMS, invitations and the sitemap would name this machine",
  },
  {
    variable: 'SMS_PROVIDER',
    allowed: (env) => env.SMS_PROVIDER !== 'dev',
    message:
      'set SMS_PROVIDER=eskiz (with ESKIZ_EMAIL and ESKIZ_PASSWORD): the dev adapter shows every code at /api/dev/sms',
  },
  {
    variable: 'TELEGRAM_WEBHOOK_SECRET',
    allowed: (env) => !env.TELEGRAM_BOT_TOKEN || Boolean(env.TELEGRAM_WEBHOOK_SECRET),
    message:
      'set TELEGRAM_WEBHOOK_SECRET with TELEGRAM_BOT_TOKEN: without it no update from Telegram can be told from a forged one',
  },
  {
    variable: 'DOCUMENTS_KEY',
    allowed: (env) => Boolean(env.DOCUMENTS_KEY),
    message:
      'set DOCUMENTS_KEY (1:<32 bytes in base64>): identity documents are encrypted with it, and a key made on one machine is lost with it',
  },
  {
    variable: 'PAYME_KEY',
    allowed: (env) => Boolean(env.PAYME_KEY),
    message: 'set PAYME_KEY and PAYME_MERCHANT_ID: without them Payme runs in sandbox mode',
  },
  {
    variable: 'CLICK_SECRET_KEY',
    allowed: (env) => Boolean(env.CLICK_SECRET_KEY),
    message:
      'set CLICK_SECRET_KEY, CLICK_SERVICE_ID and CLICK_MERCHANT_ID: without them Click runs in sandbox mode',
  },
  {
    variable: 'METRICS_TOKEN',
    allowed: (env) => Boolean(env.METRICS_TOKEN || env.METRICS_PORT),
    message:
      'set METRICS_TOKEN (metrics on the main port for that bearer token only) or METRICS_PORT (their own port, ' +
      'on METRICS_HOST): the metrics are never public',
  },
  {
    variable: 'JOBS_START',
    allowed: (env) => env.JOBS_START === 'ready',
    message:
      'set JOBS_START=ready: a queue that waits for its own first job never takes over what others left',
  },
  {
    variable: 'SEED_DEMO_USERS',
    allowed: (env) => !env.SEED_DEMO_USERS,
    message: 'set SEED_DEMO_USERS=false: demo people and their passwords are for development only',
  },
  {
    variable: 'SEED_DEMO_ORDERS',
    allowed: (env) => !env.SEED_DEMO_ORDERS,
    message: 'set SEED_DEMO_ORDERS=false: demo orders are for development only',
  },
]

const EnvSchema = v.pipe(
  EnvEntries,
  v.forward(
    v.check(
      (env) => env.SMS_PROVIDER !== 'eskiz' || Boolean(env.ESKIZ_EMAIL && env.ESKIZ_PASSWORD),
      'ESKIZ_EMAIL and ESKIZ_PASSWORD are required when SMS_PROVIDER=eskiz',
    ),
    ['ESKIZ_EMAIL'],
  ),
  v.forward(
    v.check(
      (env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY),
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or both left unset to generate a pair)',
    ),
    ['VAPID_PRIVATE_KEY'],
  ),
  v.forward(
    v.check(
      (env) => FCM_VARIABLES.every((name) => env[name]) || FCM_VARIABLES.every((name) => !env[name]),
      `${FCM_VARIABLES.join(', ')} are set all together or not at all`,
    ),
    ['FCM_PROJECT_ID'],
  ),
  v.forward(
    // The app subscribes through Firebase with our VAPID key, so Firebase must hold the same pair (imported in
    // its console); a pair generated on this machine could not be.
    v.check(
      (env) => !env.FCM_PROJECT_ID || Boolean(env.VAPID_PUBLIC_KEY),
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with FCM (the pair imported into Firebase)',
    ),
    ['VAPID_PUBLIC_KEY'],
  ),
  v.forward(
    v.check(
      (env) => !env.PAYME_KEY || Boolean(env.PAYME_MERCHANT_ID),
      'PAYME_MERCHANT_ID is required with PAYME_KEY',
    ),
    ['PAYME_MERCHANT_ID'],
  ),
  v.forward(
    v.check(
      (env) => !env.CLICK_SECRET_KEY || Boolean(env.CLICK_SERVICE_ID && env.CLICK_MERCHANT_ID),
      'CLICK_SERVICE_ID and CLICK_MERCHANT_ID are required with CLICK_SECRET_KEY',
    ),
    ['CLICK_SERVICE_ID'],
  ),
  v.forward(
    v.check(
      (env) => env.NODE_ENV !== 'production' || Boolean(env.JWT_SECRET),
      'JWT_SECRET is required when NODE_ENV=production',
    ),
    ['JWT_SECRET'],
  ),

  // Links name the address that really serves them when nobody chose one, whatever HOST and PORT say.
  v.transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? localAddress(env.HOST, env.PORT),
    MAP_STYLE_URL: mapStyleUrl(env.MAP_STYLE_URL, env.NODE_ENV),
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 2000 : 0),
  })),
)

/** The style URL the web app is told of; `undefined` for the bundled style. Tests never reach the internet. */
function mapStyleUrl(given: string | undefined, nodeEnv: Env['NODE_ENV']): string | undefined {
  if (given === BUNDLED_MAP_STYLE) return undefined
  return given ?? (nodeEnv === 'test' ? undefined : DEFAULT_MAP_STYLE_URL)
}

/**
 * The address this machine opens a server listening on `host` and `port` at: an "any address" host is reached on
 * localhost. PORT=0 (any free port) has no address until one is chosen, so server/main.ts chooses it first.
 */
export function localAddress(host: string, port: number) {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host
  return `http://${name}:${port}`
}

export type Config = v.InferOutput<typeof EnvSchema>

/** Firebase Cloud Messaging's settings when every FCM_* variable is set; browser push then goes through FCM. */
export function fcmSettings(config: Config) {
  const {
    FCM_PROJECT_ID,
    FCM_CLIENT_EMAIL,
    FCM_PRIVATE_KEY,
    FCM_API_KEY,
    FCM_MESSAGING_SENDER_ID,
    FCM_APP_ID,
  } = config
  if (!FCM_PROJECT_ID || !FCM_CLIENT_EMAIL || !FCM_PRIVATE_KEY) return undefined
  if (!FCM_API_KEY || !FCM_MESSAGING_SENDER_ID || !FCM_APP_ID) return undefined
  return {
    serviceAccount: { projectId: FCM_PROJECT_ID, clientEmail: FCM_CLIENT_EMAIL, privateKey: FCM_PRIVATE_KEY },
    /** The app's public Firebase web config: not secret, it is sent to every browser. */
    web: {
      apiKey: FCM_API_KEY,
      projectId: FCM_PROJECT_ID,
      messagingSenderId: FCM_MESSAGING_SENDER_ID,
      appId: FCM_APP_ID,
    },
  }
}
export type FcmSettings = NonNullable<ReturnType<typeof fcmSettings>>

export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

function productionRefusals(env: Env, given: Record<string, string | undefined>) {
  if (env.NODE_ENV !== 'production') return []
  return PRODUCTION_REFUSALS.filter(({ allowed }) => !allowed(env, given)).map(
    ({ variable, message }) => `${variable}: ${message} (NODE_ENV=production)`,
  )
}

/** Parses the environment once; every bad variable is listed, by name, in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as it does in most .env files.
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = v.safeParse(EnvSchema, defined)
  if (result.success) {
    const refused = productionRefusals(result.output, defined)
    if (refused.length > 0) throw new ConfigError(refused)
    return result.output
  }
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue) ?? 'environment'
    const got = issue.input === undefined ? '' : ` (got ${JSON.stringify(issue.input)})`
    return `${name}: expected ${issue.expected ?? ''} ${issue.message}${got}`.replace(/\s+/g, ' ')
  })
  throw new ConfigError(problems)
}

/**
 * One per test file (each runs in a process of its own): the apps a file builds hear each other through Redis, and
 * no other file's, nor use their request budgets, when several files run at once on one Redis.
 */
export const TEST_REDIS_KEY_PREFIX = `fika-test-${randomBytes(6).toString('hex')}:`

/** The configuration tests and benchmarks start from: in-memory friendly, quiet, deterministic. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Uploads of tests go to the system's temporary folder, never into the project's ./data.
  const DATA_DIR = join(tmpdir(), 'fika-test-data')
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO_USERS: 'false',
      SEED_DEMO_ORDERS: 'false',
      DATA_DIR,
      // Tests write orders behind the app's back (SQL) and read them at once; the cache's own tests turn it on.
      OPEN_LIST_CACHE_MS: '0',
      // Tests seed one customer's crowds of open orders by SQL and publish more on top; the cap's own tests set it.
      OPEN_ORDERS_PER_CUSTOMER: '100000',
      // Tests expect their links at one fixed address, whatever the default address becomes.
      PUBLIC_URL: 'http://localhost:8080',
      // Tests run the scheduled work themselves; a schedule's tick in the middle of one would race it.
      JOB_SCHEDULES: 'false',
      JOBS_START: 'first-job',
      // A fixed key: the tests' apps share DATA_DIR, and none may write a key file there for the others.
      DOCUMENTS_KEY: `1:${Buffer.alloc(32, 7).toString('base64')}`,
      REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
    }),
    ...overrides,
  }
}
