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
      (value) => protocols.includes(new URL(value).protocol),
      `a URL starting with ${protocols.join(' or ')}`,
    ),
  )

const EnvSchema = v.pipe(
  v.object({
    NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
    HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '0.0.0.0'),
    PORT: v.optional(int(0, 65535), '8080'),
    DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './data'),
    DATABASE_URL: v.optional(url(['postgres:', 'postgresql:'])),
    REDIS_URL: v.optional(url(['redis:', 'rediss:'])),
    AUTH_CACHE_TTL_S: v.optional(int(0, 60), '10'),
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
      (env) => env.NODE_ENV !== 'production' || Boolean(env.JWT_SECRET),
      'JWT_SECRET is required when NODE_ENV=production',
    ),
    ['JWT_SECRET'],
  ),
)

export type Config = v.InferOutput<typeof EnvSchema>

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
    }),
    ...overrides,
  }
}
