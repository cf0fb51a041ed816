import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, testConfig } from '#server/config.ts'
import { PRODUCTION_ENV } from '#tests/helpers/production-env.ts'

describe('loadConfig', () => {
  it('starts from safe local defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 8080,
      DATA_DIR: './data',
      SMS_PROVIDER: 'dev',
    })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.REDIS_URL).toBeUndefined()
  })

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    expect(
      loadConfig({
        PORT: '9090',
        DATA_DIR: '/tmp/fika',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      }),
    ).toMatchObject({
      PORT: 9090,
      DATA_DIR: '/tmp/fika',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
    })
  })

  it('reads the SMS fallback settings and the public address, without a trailing slash', () => {
    expect(loadConfig({})).toMatchObject({
      PUBLIC_URL: 'http://localhost:8080',
      SMS_FALLBACK_MINUTES: 15,
      SMS_FALLBACK_PER_DAY: 3,
    })
    expect(
      loadConfig({ PUBLIC_URL: 'https://fika.uz/', SMS_FALLBACK_MINUTES: '30', SMS_FALLBACK_PER_DAY: '0' }),
    ).toMatchObject({ PUBLIC_URL: 'https://fika.uz', SMS_FALLBACK_MINUTES: 30, SMS_FALLBACK_PER_DAY: 0 })
    expect(() => loadConfig({ PUBLIC_URL: 'fika.uz', SMS_FALLBACK_MINUTES: '0' })).toThrow(
      /PUBLIC_URL[\s\S]*SMS_FALLBACK_MINUTES/,
    )
  })

  it("maps streets with OpenFreeMap's keyless style by default, the bundled style on request and in tests", () => {
    expect(loadConfig({}).MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty')
    expect(loadConfig({ MAP_STYLE_URL: '' }).MAP_STYLE_URL).toBe(
      'https://tiles.openfreemap.org/styles/liberty',
    )
    expect(loadConfig({ MAP_STYLE_URL: 'bundled' }).MAP_STYLE_URL).toBeUndefined()
    // No test may reach the internet: under NODE_ENV=test the maps use the bundled style unless told otherwise.
    expect(loadConfig({ NODE_ENV: 'test' }).MAP_STYLE_URL).toBeUndefined()
    expect(testConfig().MAP_STYLE_URL).toBeUndefined()
    const own = 'https://tiles.example.uz/styles/streets.json'
    expect(loadConfig({ NODE_ENV: 'test', MAP_STYLE_URL: own }).MAP_STYLE_URL).toBe(own)
    expect(() => loadConfig({ MAP_STYLE_URL: 'tiles.example.uz' })).toThrow(/MAP_STYLE_URL/)
  })

  it('names every wrong variable in one error', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', SMS_PROVIDER: 'pigeon', DATABASE_URL: 'mysql://localhost/db' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).message
    expect(message).toContain('PORT')
    expect(message).toContain('SMS_PROVIDER')
    expect(message).toContain('DATABASE_URL')
  })

  it('requires Eskiz credentials with the eskiz provider and a JWT secret in production', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'eskiz' })).toThrow(/ESKIZ_EMAIL/)
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/)
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/)
  })

  it('starts production with real SMS, both payment keys and no demo data, and lists every setting missing', () => {
    const production = PRODUCTION_ENV
    expect(loadConfig(production)).toMatchObject({ NODE_ENV: 'production', SMS_PROVIDER: 'eskiz' })
    for (const [change, named] of [
      [{ PUBLIC_URL: '' }, /^PUBLIC_URL: set PUBLIC_URL/],
      [{ SMS_PROVIDER: 'dev' }, /^SMS_PROVIDER: set SMS_PROVIDER=eskiz.*\/api\/dev\/sms/],
      [{ PAYME_KEY: '', PAYME_MERCHANT_ID: '' }, /^PAYME_KEY: .*sandbox/],
      [{ CLICK_SECRET_KEY: '' }, /^CLICK_SECRET_KEY: .*sandbox/],
      [{ SEED_DEMO_USERS: 'true' }, /^SEED_DEMO_USERS: set SEED_DEMO_USERS=false/],
      [{ SEED_DEMO_ORDERS: 'true' }, /^SEED_DEMO_ORDERS: set SEED_DEMO_ORDERS=false/],
      [{ METRICS_TOKEN: '' }, /^METRICS_TOKEN: set METRICS_TOKEN .* or METRICS_PORT .*never public/],
      [{ JOBS_START: 'first-job' }, /^JOBS_START: set JOBS_START=ready/],
      [
        { TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx' },
        /^TELEGRAM_WEBHOOK_SECRET: set TELEGRAM_WEBHOOK_SECRET with TELEGRAM_BOT_TOKEN/,
      ],
    ] as const) {
      expect(() => loadConfig({ ...production, ...change }), JSON.stringify(change)).toThrow(ConfigError)
      try {
        loadConfig({ ...production, ...change })
      } catch (caught) {
        expect((caught as ConfigError).problems).toEqual([expect.stringMatching(named)])
      }
    }
    let error: unknown
    try {
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: production.JWT_SECRET })
    } catch (caught) {
      error = caught
    }
    expect((error as ConfigError).problems.map((problem) => problem.split(':')[0])).toEqual([
      'PUBLIC_URL',
      'SMS_PROVIDER',
      'DOCUMENTS_KEY',
      'PAYME_KEY',
      'CLICK_SECRET_KEY',
      'METRICS_TOKEN',
      'SEED_DEMO_USERS',
      'SEED_DEMO_ORDERS',
    ])
  })

  it('takes metrics on their own port instead of a token, refuses a short token, and drains 2 s in production', () => {
    const onPort = loadConfig({ ...PRODUCTION_ENV, METRICS_TOKEN: '', METRICS_PORT: '9464' })
    expect(onPort).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1', SHUTDOWN_DRAIN_MS: 2000 })
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
    expect(loadConfig({}).SHUTDOWN_DRAIN_MS).toBe(0)
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '500' }).SHUTDOWN_DRAIN_MS).toBe(500)
  })
})
