import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'

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
const FCM_VARIABLES = [
  'FCM_PROJECT_ID',
  'FCM_CLIENT_EMAIL',
  'FCM_PRIVATE_KEY',
  'FCM_API_KEY',
  'FCM_MESSAGING_SENDER_ID',
  'FCM_APP_ID',
] as const

const EnvSchema = v.pipe(
  v.object({
    NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
    HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
    PORT: v.optional(int(0, 65535), '8080'),
    DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
    DATABASE_URL: v.optional(url(['postgres:', 'postgresql:'])),
    REDIS_URL: v.optional(url(['redis:', 'rediss:'])),
    AUTH_CACHE_TTL_S: v.optional(int(0, 60), '10'),
    OPEN_LIST_CACHE_MS: v.optional(int(0, 10_000), '1000'),
    JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'at least 32 characters'))),
    LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
    TRUST_PROXY: v.optional(bool, 'false'),
    RATE_LIMIT_PER_MINUTE: v.optional(int(1, 1_000_000_000), '600'),
    SMS_PROVIDER: v.optional(v.picklist(['dev', 'eskiz']), 'dev'),
    ESKIZ_BASE_URL: v.optional(url(['http:', 'https:']), 'https://notify.eskiz.uz/api'),
    ESKIZ_EMAIL: v.optional(v.string()),
    ESKIZ_PASSWORD: v.optional(v.string()),
    ESKIZ_FROM: v.optional(v.string(), '4546'),
    SEED_DEMO_USERS: v.optional(bool, 'true'),
    SEED_DEMO_ORDERS: v.optional(bool, 'true'),
    MAP_STYLE_URL: v.optional(url(['http:', 'https:'])),
    VAPID_PUBLIC_KEY: v.optional(base64urlBytes(65)),
    VAPID_PRIVATE_KEY: v.optional(base64urlBytes(32)),
    VAPID_SUBJECT: v.optional(url(['mailto:', 'https:']), 'mailto:support@fika.uz'),
    FCM_PROJECT_ID: v.optional(v.string()),
    FCM_CLIENT_EMAIL: v.optional(v.pipe(v.string(), v.email())),
    FCM_PRIVATE_KEY: v.optional(pemKey),
    FCM_API_KEY: v.optional(v.string()),
    FCM_MESSAGING_SENDER_ID: v.optional(v.string()),
    FCM_APP_ID: v.optional(v.string()),
    /** The site's own address, for links that leave the app (the SMS fallback's). */
    PUBLIC_URL: v.optional(
      v.pipe(
        url(['http:', 'https:']),
        v.transform((value) => value.replace(/\/+$/, '')),
      ),
      'http://localhost:8080',
    ),
    SMS_FALLBACK_MINUTES: v.optional(int(1, 7 * 24 * 60), '15'),
    SMS_FALLBACK_PER_DAY: v.optional(int(0, 100), '3'),
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
  }),
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
)

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

/** Parses the environment once; every bad variable is listed, by name, in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as it does in most .env files.
  const defined = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const result = v.safeParse(EnvSchema, defined)
  if (result.success) return result.output
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue) ?? 'environment'
    const got = issue.input === undefined ? '' : ` (got ${JSON.stringify(issue.input)})`
    return `${name}: expected ${issue.expected ?? ''} ${issue.message}${got}`.replace(/\s+/g, ' ')
  })
  throw new ConfigError(problems)
}

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
    }),
    ...overrides,
  }
}
