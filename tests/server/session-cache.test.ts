import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AUTH_PATH, endpoints } from '#contract/endpoints.ts'
import type { Broadcast } from '#server/adapters/broadcast/broadcast.ts'
import { buildApp } from '#server/app.ts'
import { testConfig, type Config } from '#server/config.ts'
import { users } from '#server/db/schema/users.ts'
import { createSessionCache, type SessionInvalidation } from '#server/modules/auth/session-cache.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import {
  getProfile,
  lastCode,
  login,
  PASSWORD,
  refresh,
  register,
  session,
  verifiedRequiredId,
} from '#tests/helpers/auth-flows.ts'
import { TEST_SECRET, useTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()
const NEW_PASSWORD = 'tashkent2027'

type App = Awaited<ReturnType<typeof buildApp>>
/** The auth helpers drive any app instance, not only the file's own. */
const on = (app: App) => ({ inject: app.inject.bind(app) }) as unknown as TestApp

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const logout = (target: TestApp, token: string) =>
  target.inject({ method: 'GET', url: `${AUTH_PATH}/logout`, headers: bearer(token) })
const put = (target: TestApp, url: string, token: string, payload: Record<string, unknown>) =>
  target.inject({ method: 'PUT', url: `${endpoints.profile.path}${url}`, headers: bearer(token), payload })

/** Renames the user behind the app's back: what a cached row would hide. */
const renameInDatabase = (id: number, name: string) =>
  t.db.db.update(users).set({ name }).where(eq(users.id, id))

/** A user with two sessions (a phone and a laptop), both read once so that the cache holds them. */
async function twoWarmSessions(target: TestApp = t, type: 'customer' | 'executor' = 'customer') {
  const phone = await register(target, { type })
  const laptop = session(await login(target, { username: phone.phone, password: PASSWORD, type }))
  const id = (await getProfile(target, phone.token)).json<{ id: number }>().id
  expect((await getProfile(target, laptop.token)).statusCode).toBe(200)
  return { id, phone, laptop }
}

describe('the session cache', () => {
  it('answers GET /profile from memory for AUTH_CACHE_TTL_S seconds, then reads the database again', async () => {
    const { id, phone } = await twoWarmSessions()
    await renameInDatabase(id, 'Behind')
    expect((await getProfile(t, phone.token)).json().name).toBe('Dilnoza')
    t.clock.advance(10)
    expect((await getProfile(t, phone.token)).json().name).toBe('Behind')
  })

  it('reads the database on every request with AUTH_CACHE_TTL_S=0', async () => {
    const app = await buildApp({
      config: { ...testConfig({ AUTH_CACHE_TTL_S: 0 }), JWT_SECRET: TEST_SECRET },
      database: t.db,
      clock: t.clock,
    })
    try {
      const { id, phone } = await twoWarmSessions(on(app))
      await renameInDatabase(id, 'Behind')
      expect((await getProfile(on(app), phone.token)).json().name).toBe('Behind')
    } finally {
      await app.close()
    }
  })

  it('keeps no session past its absolute end, however recently it was read', async () => {
    const first = await register(t)
    t.clock.advance(30 * 24 * 3600 - 5)
    const late = session(await refresh(t, first.refreshToken))
    expect((await getProfile(t, late.token)).statusCode).toBe(200)
    t.clock.advance(6)
    expect((await getProfile(t, late.token)).statusCode).toBe(401)
  })
})

describe('what empties the session cache at once', () => {
  it('a logout: the next request of that session is refused, the other device stays in', async () => {
    const { phone, laptop } = await twoWarmSessions()
    expect((await logout(t, phone.token)).statusCode).toBe(200)
    expect((await getProfile(t, phone.token)).statusCode).toBe(401)
    expect((await getProfile(t, laptop.token)).statusCode).toBe(200)
  })

  it('a refresh token presented twice: every access token of its session is refused', async () => {
    const first = await register(t)
    const rotated = session(await refresh(t, first.refreshToken))
    expect((await getProfile(t, rotated.token)).statusCode).toBe(200)
    expect((await refresh(t, first.refreshToken)).json().error.code).toBe('refresh_reused')
    expect((await getProfile(t, rotated.token)).statusCode).toBe(401)
    expect((await getProfile(t, first.token)).statusCode).toBe(401)
  })

  it('a password change: the other session is refused, this one goes on', async () => {
    const { phone, laptop } = await twoWarmSessions()
    const changed = await put(t, '/password', phone.token, {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await getProfile(t, laptop.token)).statusCode).toBe(401)
    expect((await getProfile(t, phone.token)).statusCode).toBe(200)
  })

  it('a password reset by SMS: every earlier session is refused', async () => {
    const phone = await register(t)
    t.clock.advance(60) // the SMS cooldown since the registration code
    const requiredId = await verifiedRequiredId(t, phone.phone, 'reset_pass')
    const laptop = session(await login(t, { username: phone.phone, password: PASSWORD, type: 'customer' }))
    expect((await getProfile(t, phone.token)).statusCode).toBe(200)
    expect((await getProfile(t, laptop.token)).statusCode).toBe(200)
    const reset = await t.inject({
      method: 'POST',
      url: endpoints.resetPassword.path,
      payload: {
        phone: phone.phone.slice(3),
        username: phone.phone.slice(3),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
        smsCode: await lastCode(t, phone.phone),
        type: 'customer',
        required_id: requiredId,
      },
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect((await getProfile(t, phone.token)).statusCode).toBe(401)
    expect((await getProfile(t, laptop.token)).statusCode).toBe(401)
  })

  it('an account deletion: every session of the account is refused', async () => {
    const { id, phone, laptop } = await twoWarmSessions()
    const deleted = await t.inject({
      method: 'DELETE',
      url: `${endpoints.profile.path}/${id}`,
      headers: bearer(phone.token),
      payload: { password: PASSWORD },
    })
    expect(deleted.json()).toEqual({ status: true })
    expect((await getProfile(t, phone.token)).statusCode).toBe(401)
    expect((await getProfile(t, laptop.token)).statusCode).toBe(401)
  })

  it('a profile update: the next GET /profile of every session shows it', async () => {
    const { id, phone, laptop } = await twoWarmSessions()
    expect((await put(t, `/${id}`, phone.token, { name: 'Aziza', type: 'executor' })).statusCode).toBe(200)
    expect((await getProfile(t, phone.token)).json()).toMatchObject({ name: 'Aziza', type: 'executor' })
    expect((await getProfile(t, laptop.token)).json()).toMatchObject({ name: 'Aziza', type: 'executor' })
  })

  it('a login in the other mode: the earlier sessions see the mode switched', async () => {
    const { phone } = await twoWarmSessions()
    const asExecutor = await login(t, { username: phone.phone, password: PASSWORD, type: 'executor' })
    expect(asExecutor.statusCode).toBe(200)
    expect((await getProfile(t, phone.token)).json().type).toBe('executor')
  })
})

/** A broadcast played by the test: it decides when the process counts as connected and what it hears. */
function fakeBroadcast() {
  let listener: (message: SessionInvalidation | 'missed') => void = () => {}
  const broadcast: Broadcast<SessionInvalidation> & { live: boolean; hear: typeof listener } = {
    live: true,
    publish: async () => {},
    listen: (each) => void (listener = each),
    hear: (message) => listener(message),
    close: async () => {},
  }
  return broadcast
}

describe('the session cache with a broadcast', () => {
  const user = { id: 7, name: 'Dilnoza' } as UserRow
  const load = (name: string) => async () => ({
    user: { ...user, name },
    expiresAt: new Date('2027-01-01T00:00:00Z'),
  })

  it('reads the database while not connected, and forgets everything when messages were missed', async () => {
    const broadcast = fakeBroadcast()
    const cache = createSessionCache({ ttlS: 30, clock: t.clock, broadcast })
    expect((await cache.userOf('s1', load('first')))?.name).toBe('first')
    expect((await cache.userOf('s1', load('second')))?.name).toBe('first')

    broadcast.live = false
    expect((await cache.userOf('s1', load('offline')))?.name).toBe('offline')
    broadcast.live = true
    broadcast.hear('missed')
    expect((await cache.userOf('s1', load('after reconnect')))?.name).toBe('after reconnect')
  })

  it("forgets a user's sessions when another process says so", async () => {
    const broadcast = fakeBroadcast()
    const cache = createSessionCache({ ttlS: 30, clock: t.clock, broadcast })
    await cache.userOf('s1', load('first'))
    broadcast.hear({ user: 7 })
    expect((await cache.userOf('s1', load('renamed')))?.name).toBe('renamed')
    broadcast.hear({ sessions: ['s1'] })
    expect(await cache.userOf('s1', async () => undefined)).toBeUndefined()
  })

  it('does not keep a row read before an invalidation that overtook it', async () => {
    const cache = createSessionCache({ ttlS: 30, clock: t.clock })
    const slowRead = cache.userOf('s1', async () => {
      await cache.forget({ sessions: ['s1'] })
      return load('stale')()
    })
    expect((await slowRead)?.name).toBe('stale')
    expect((await cache.userOf('s1', load('fresh')))?.name).toBe('fresh')
  })
})

const redisUrl = process.env.REDIS_URL

// Two app instances in one test process, each with its own cache, on one database and one Redis: what two server
// processes behind a load balancer are (tests/server/session-cache-processes.test.ts runs real ones).
describe.runIf(redisUrl)('the session cache of two instances with REDIS_URL', () => {
  async function twoInstances() {
    const config: Config & { JWT_SECRET: string } = {
      ...testConfig({ REDIS_URL: redisUrl }),
      JWT_SECRET: TEST_SECRET,
    }
    const [first, second] = await Promise.all([
      buildApp({ config, database: t.db, clock: t.clock }),
      buildApp({ config, database: t.db, clock: t.clock }),
    ])
    // Until it has subscribed an instance serves nothing from memory, and the test would prove nothing.
    for (
      let tries = 0;
      tries < 100 && !(first.services.sessionCache.serving && second.services.sessionCache.serving);
      tries++
    )
      await new Promise((resolve) => setTimeout(resolve, 50))
    return { first: on(first), second: on(second), close: () => Promise.all([first.close(), second.close()]) }
  }

  it('refuses a session logged out on the first on its very next request to the second', async () => {
    const { first, second, close } = await twoInstances()
    try {
      const user = await register(first)
      const id = (await getProfile(second, user.token)).json<{ id: number }>().id
      expect((await getProfile(first, user.token)).statusCode).toBe(200)
      // The second serves this session from memory: a change behind its back is not seen.
      await renameInDatabase(id, 'Behind')
      expect((await getProfile(second, user.token)).json().name).toBe('Dilnoza')

      expect((await logout(first, user.token)).statusCode).toBe(200)
      expect((await getProfile(second, user.token)).statusCode).toBe(401)
      expect((await getProfile(first, user.token)).statusCode).toBe(401)
    } finally {
      await close()
    }
  })

  it('shows a profile updated through the first on the next GET /profile of the second', async () => {
    const { first, second, close } = await twoInstances()
    try {
      const user = await register(first)
      const id = (await getProfile(second, user.token)).json<{ id: number }>().id
      expect((await put(first, `/${id}`, user.token, { name: 'Aziza' })).statusCode).toBe(200)
      expect((await getProfile(second, user.token)).json().name).toBe('Aziza')
    } finally {
      await close()
    }
  })

  it('refuses on the second the other sessions of a password changed through the first', async () => {
    const { first, second, close } = await twoInstances()
    try {
      const { phone, laptop } = await twoWarmSessions(second)
      expect((await getProfile(first, laptop.token)).statusCode).toBe(200)
      const changed = await put(first, '/password', phone.token, {
        current_password: PASSWORD,
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      })
      expect(changed.statusCode).toBe(200)
      expect((await getProfile(second, laptop.token)).statusCode).toBe(401)
      expect((await getProfile(second, phone.token)).statusCode).toBe(200)
    } finally {
      await close()
    }
  })
})
