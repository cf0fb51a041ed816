import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PRODUCTION_ENV } from '#tests/helpers/production-env.ts'
import { startServer, waitForHealth } from '#tests/helpers/server-process.ts'
import { afterAll, describe, expect, it } from 'vitest'

const dirs: string[] = []

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

/** The address in the server's "Fika is running at …" line, printed once it listens. */
async function addressTold(output: () => string, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs
  while (Date.now() < deadline) {
    const told = /Fika is running at (\S+)/.exec(output())
    if (told?.[1]) return told[1]
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no address told in ${deadlineMs} ms:\n${output()}`)
}

describe('the server process', () => {
  it('starts from server/main.ts on DATA_DIR and any free port, names its address, links to it, stops on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fika-main-'))
    dirs.push(dataDir)
    // PORT=0 and no PUBLIC_URL: the port is only known once chosen, and the links must name it all the same.
    const server = startServer({ PORT: '0', DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn' })
    try {
      const address = await addressTold(server.output, 45_000)
      expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(address).not.toBe('http://127.0.0.1:0')
      expect(server.output()).toContain('demo customer    998901110001 / fika-demo-2026')
      expect(server.output()).toContain('demo specialist  998901110002 / fika-demo-2026')
      const response = await waitForHealth(`${address}/api/health`, 5_000)
      expect(await response.json()).toMatchObject({ status: 'ok', database: 'pglite' })
      expect(await (await fetch(`${address}/robots.txt`)).text()).toContain(`Sitemap: ${address}/sitemap.xml`)
      const login = await fetch(`${address}/api/fika/freelancer/v1.0.1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: '998901110002', password: 'fika-demo-2026', type: 'executor' }),
      })
      expect(login.status).toBe(200)
    } finally {
      server.child.kill('SIGTERM')
    }
    expect(await server.exited).toBe(0)
  }, 60_000)

  it('refuses a production start with any development setting left on, naming each variable to set', async () => {
    const server = startServer({
      ...PRODUCTION_ENV,
      SMS_PROVIDER: 'dev',
      PAYME_KEY: '',
      CLICK_SECRET_KEY: '',
      SEED_DEMO_USERS: 'true',
      SEED_DEMO_ORDERS: 'true',
      PORT: '0',
      DATA_DIR: join(tmpdir(), 'fika-never'),
    })
    expect(await server.exited).toBe(1)
    for (const named of [
      'SMS_PROVIDER=eskiz',
      'PAYME_KEY',
      'CLICK_SECRET_KEY',
      'SEED_DEMO_USERS=false',
      'SEED_DEMO_ORDERS=false',
    ])
      expect(server.output()).toContain(named)
    expect(server.output()).toContain('NODE_ENV=production')
  }, 30_000)

  it('refuses to start with a bad variable and names it', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: join(tmpdir(), 'fika-never') })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('PORT')
  }, 30_000)
})
