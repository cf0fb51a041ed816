import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { V1 } from '#contract/endpoints.ts'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { InjectOptions } from 'fastify'
import { buildApp, type AppDeps } from '#server/app.ts'
import { testConfig, type Config } from '#server/config.ts'
import type { DatabaseHandle } from '#server/db/client.ts'
import { addSeconds } from '#server/lib/clock.ts'
import { seedCatalogue, seedContent } from '#server/seed/catalogue-seed.ts'
import { seedRegions } from '#server/seed/regions-seed.ts'
import { CATALOGUE_TABLES, createTestDatabase, truncateAll } from './database.ts'

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'

/**
 * A web root with no build: the app serves the API alone. The built app's thousand files are a route each, which
 * costs every app that hosts them a tenth of a second; tests of pages and files name a web root of their own.
 */
const NO_WEB_BUILD = join(tmpdir(), 'fika-test-no-web-build')

/** A clock the test moves by hand: limits and expiries are tested without waiting. */
export class TestClock {
  current = new Date('2026-11-21T09:00:00.000Z')
  now = () => this.current
  advance(seconds: number) {
    this.current = addSeconds(this.current, seconds)
  }
}

type App = Awaited<ReturnType<typeof buildApp>>

/**
 * One database per test file (a PGlite start takes seconds), emptied before every test, and a fresh app on it
 * for every test.
 */
export function useTestApp(
  options: {
    config?: Partial<Config>
    deps?: Partial<AppDeps>
    /** Seed the catalogue, content, regions and districts once for the file and keep them between tests. */
    catalogue?: boolean | { extraServices: number }
  } = {},
) {
  let database: DatabaseHandle
  const state = { app: undefined as App | undefined, clock: new TestClock() }

  beforeAll(async () => {
    database = await createTestDatabase()
    if (options.catalogue) {
      await seedCatalogue(database.db, typeof options.catalogue === 'object' ? options.catalogue : {})
      await seedContent(database.db)
      await seedRegions(database.db)
    }
  })
  beforeEach(async () => {
    await truncateAll(database, options.catalogue ? CATALOGUE_TABLES : [])
    state.clock = new TestClock()
    state.app = await buildApp({
      config: { ...testConfig(options.config), JWT_SECRET: TEST_SECRET },
      database,
      clock: state.clock,
      webRoot: NO_WEB_BUILD,
      ...options.deps,
    })
  })
  afterEach(async () => {
    await state.app?.close()
  })
  afterAll(async () => {
    await database?.close()
  })

  return {
    get app(): App {
      if (!state.app) throw new Error('useTestApp: the app exists only inside a test')
      return state.app
    },
    get clock() {
      return state.clock
    },
    get db() {
      return database
    },
    inject(request: InjectOptions) {
      return this.app.inject(request)
    },
    /** A call under the API base (`V1`), as the given caller (a guest when null). */
    call(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      caller: { token: string } | null,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) {
      return this.app.inject({
        method,
        url: `${V1}${url}`,
        ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
        headers: { ...(caller && { authorization: `Bearer ${caller.token}` }), ...headers },
      })
    },
  }
}
export type TestApp = ReturnType<typeof useTestApp>

/**
 * An app on a database the test opened itself (a data folder a server process will use next), driven like
 * useTestApp's: to make rows through the real API before or between processes. `close` closes the app only.
 */
export async function appOn(
  database: DatabaseHandle,
  config: Partial<Config> = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const clock = new TestClock()
  const app = await buildApp({
    config: { ...testConfig(config), JWT_SECRET: TEST_SECRET },
    database,
    clock,
  })
  await app.ready()
  return {
    app,
    clock,
    db: database,
    inject: (request: InjectOptions) => app.inject(request),
    call(method, url, caller, payload, headers = {}) {
      return app.inject({
        method,
        url: `${V1}${url}`,
        ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
        headers: { ...(caller && { authorization: `Bearer ${caller.token}` }), ...headers },
      })
    },
    close: () => app.close(),
  }
}
