import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '#tests/helpers/free-port.ts'
import { startServer, waitForHealth } from '#tests/helpers/server-process.ts'
import { afterAll, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('the server process', () => {
  it('starts from server/main.ts on PORT and DATA_DIR, answers /api/health, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fika-main-'))
    dirs.push(dataDir)
    const port = await freePort()
    const server = startServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    })
    try {
      const response = await waitForHealth(`http://127.0.0.1:${port}/api/health`, 45_000)
      expect(await response.json()).toMatchObject({ status: 'ok', database: 'pglite' })
      const login = await fetch(`http://127.0.0.1:${port}/api/fika/freelancer/v1.0.1/auth/login`, {
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

  it('refuses to start with a bad variable and names it', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: join(tmpdir(), 'fika-never') })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('PORT')
  }, 30_000)
})
