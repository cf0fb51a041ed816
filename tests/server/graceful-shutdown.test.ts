import { request as httpRequest, type ClientRequest } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { startServer, waitForHealth } from '#tests/helpers/server-process.ts'
import { closeClients, connectClient, connected, nextEvent } from '#tests/helpers/sockets.ts'

const dirs: string[] = []
afterEach(() => closeClients())
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

const LOGIN = JSON.stringify({ username: '998901110001', password: 'fika-demo-2026', type: 'customer' })

/** A login whose body is sent in two halves: it is in flight on the server until `finish` sends the rest. */
function slowLogin(port: number) {
  const half = Math.floor(LOGIN.length / 2)
  const request: ClientRequest = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: endpoints.login.path,
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(LOGIN) },
  })
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
  })
  request.flushHeaders()
  request.write(LOGIN.slice(0, half))
  return { answered, finish: () => request.end(LOGIN.slice(half)) }
}

/** The readiness answer on a new connection, or `refused` once the port is closed. */
async function readiness(port: number): Promise<number | 'refused'> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${endpoints.healthReady.path}`, {
      headers: { connection: 'close' },
    })
    await response.body?.cancel()
    return response.status
  } catch {
    return 'refused'
  }
}

/** Asks for readiness until the answer is `wanted`; every answer seen on the way, in order. */
async function readinessUntil(port: number, wanted: number | 'refused', deadlineMs: number) {
  const seen: (number | 'refused')[] = []
  const deadline = Date.now() + deadlineMs
  while (Date.now() < deadline) {
    const answer = await readiness(port)
    if (seen.at(-1) !== answer) seen.push(answer)
    if (answer === wanted) return seen
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`readiness never answered ${wanted}; seen ${seen.join(', ')}`)
}

describe('a process stopping on SIGTERM', () => {
  it('reports not ready, closes its port, finishes a request in flight, releases its sockets and exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fika-stop-'))
    dirs.push(dataDir)
    const [port, metricsPort] = [await freePort(), await freePort()]
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo people log in; the demo orders only slow the start.
      SEED_DEMO_ORDERS: 'false',
      SHUTDOWN_DRAIN_MS: '1500',
      METRICS_PORT: String(metricsPort),
    })
    try {
      await waitForHealth(`http://127.0.0.1:${port}${endpoints.healthReady.path}`, 60_000).catch(
        (error: unknown) => {
          throw new Error(`${String(error)}\n${server.output()}`)
        },
      )
      const login = await fetch(`http://127.0.0.1:${port}${endpoints.login.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: LOGIN,
      })
      expect(login.status).toBe(200)
      const { token } = (await login.json()) as { token: string }
      const socket = connectClient(`http://127.0.0.1:${port}`, () => token)
      await connected(socket)
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
      expect(metrics).toContain('sockets_connected 1')
      const released = nextEvent<string>(socket, 'disconnect', 30_000)

      const inFlight = slowLogin(port)
      server.child.kill('SIGTERM')
      // Not ready while the port is still open, then the port closes with the login still running.
      const seen = await readinessUntil(port, 'refused', 20_000)
      expect(seen.filter((answer) => answer !== 200)).toEqual([503, 'refused'])
      inFlight.finish()
      const answer = await inFlight.answered
      expect(answer.status, answer.body).toBe(200)
      expect(JSON.parse(answer.body)).toHaveProperty('token')
      // socket.io's client reconnects by itself after a transport close (not after a server's disconnect).
      expect(await released).toBe('transport close')
    } finally {
      server.child.kill('SIGTERM')
    }
    expect(await server.exited).toBe(0)
    expect(server.output()).not.toContain('exiting anyway')
  }, 90_000)
})
