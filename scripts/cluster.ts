/**
 * npm run cluster [-- --port 8080] — production's topology on this machine, without containers: two
 * `node server/main.ts` processes on the local PostgreSQL and Redis, sharing one DATA_DIR, behind HAProxy (Debian's
 * package) running deploy/haproxy.cfg, the file deploy/compose.yaml gives the proxy, so the two cannot drift.
 *
 * Settings (environment): CLUSTER_PORT (8080) is the proxy's, the apps take the two ports after it; DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/fika_cluster, created when missing); REDIS_URL (redis://127.0.0.1:6379);
 * CLUSTER_DATA_DIR (./data-cluster). Any other variable the server reads (server/config.ts) passes to both
 * processes. It runs in development mode (the dev SMS adapter, demo people), as a demonstration; production is
 * deploy/README.md. Ctrl-C stops the apps (each drains as on a deploy), then the proxy.
 *
 * Tests start it through startCluster() (tests/server/cluster-*.test.ts).
 */
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'

const ROOT = join(import.meta.dirname, '..')
const MAIN = join(ROOT, 'server/main.ts')
export const HAPROXY_CONFIG = join(ROOT, 'deploy/haproxy.cfg')
const READY_PATH = '/api/health/ready'
/** Until the readiness split lands: the older check, which also answers 200 only with the database reachable. */
const OLD_HEALTH_PATH = '/api/health'
const START_TIMEOUT_MS = 90_000
/** A process told to stop has 30 s to drain and exit (docs/operations.md); past that it is killed. */
const STOP_TIMEOUT_MS = 35_000

export type ClusterOptions = {
  /** The proxy's port; the apps listen on `appPorts`. */
  port: number
  appPorts: [number, number]
  /** HAProxy's status page, on this machine only; unset: `port` + 3. */
  statsPort?: number
  databaseUrl: string
  redisUrl: string
  /** Shared by both processes: the uploads (DATA_DIR/uploads) and, unless JWT_SECRET is given, the secret. */
  dataDir: string
  /** More variables for both processes (server/config.ts). */
  env?: Record<string, string>
  /** Each line the processes and the proxy write, told apart by a prefix. Unset: dropped. */
  log?: (line: string) => void
}

export type AppProcess = {
  readonly name: string
  readonly url: string
  readonly child: ChildProcess
  readonly exited: Promise<number | null>
}

export type Cluster = {
  /** The proxy's address: what a browser opens. */
  url: string
  /** HAProxy's status page (CSV at `${statsUrl};csv`). */
  statsUrl: string
  apps: AppProcess[]
  /** Sends `signal` to app `index` (0 or 1) and answers its exit code. */
  kill(index: number, signal: NodeJS.Signals): Promise<number | null>
  /** Stops app `index` (SIGTERM, as a deploy does) if it runs, starts it again, and waits until HAProxy sends to it. */
  restart(index: number): Promise<void>
  /** Waits until HAProxy reports the server of app `index` in `state` ('UP' or 'DOWN'). */
  waitForProxyState(index: number, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>
  /** Stops both apps gracefully, then the proxy. */
  stop(): Promise<void>
}

/** HAProxy's binary: on PATH, or where Debian's package puts it (/usr/sbin is not on every user's PATH). */
export function findHaproxy(): string | undefined {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' })
    if (probe.status === 0) return candidate
  }
  return undefined
}

/** Creates the database of `databaseUrl` on its server when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`${name}: not a plain database name`)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
}

function pipeLines(child: ChildProcess, prefix: string, log: ClusterOptions['log']) {
  if (!log) return
  for (const stream of [child.stdout, child.stderr]) {
    let rest = ''
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) log(`${prefix} ${line}`)
    })
  }
}

/**
 * Each child in a process group of its own, so Ctrl-C in a terminal reaches only this script, which then stops
 * them in order (the apps drain while the proxy still runs). Output nobody reads is not piped, lest a full pipe
 * stall the process.
 */
function detachedWith(log: ClusterOptions['log']): { detached: true; stdio: StdioOptions } {
  const output = log ? 'pipe' : 'ignore'
  return { detached: true, stdio: ['ignore', output, output] }
}

function exitOf(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })
}

/** Polls `url` until it answers 200; fails at once when the process exits first. */
async function waitForOk(url: string, exited: Promise<unknown>, timeoutMs: number) {
  let gone = false
  void exited.then(() => (gone = true))
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the process behind ${url} exited while starting`)
    const response = await fetch(url).catch(() => undefined)
    await response?.body?.cancel()
    if (response?.status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`)
}

/** The readiness path the server answers: /api/health/ready, or the older /api/health where it is missing. */
async function healthPathOf(appUrl: string) {
  const response = await fetch(`${appUrl}${READY_PATH}`)
  await response.body?.cancel()
  return response.status === 404 ? OLD_HEALTH_PATH : READY_PATH
}

/** Each server's status in HAProxy's CSV (`pxname,svname,...,status,...`). */
async function proxyStates(statsUrl: string) {
  const csv = await (await fetch(`${statsUrl};csv`)).text()
  const [header = '', ...rows] = csv.split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const at = (name: string) => columns.indexOf(name)
  const states = new Map<string, string>()
  for (const row of rows) {
    const cells = row.split(',')
    if (cells[at('pxname')] === 'apps') states.set(cells[at('svname')] ?? '', cells[at('status')] ?? '')
  }
  return states
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxy = findHaproxy()
  if (!haproxy) throw new Error('HAProxy is not installed: apt-get install haproxy')
  await ensureDatabase(options.databaseUrl)
  await mkdir(options.dataDir, { recursive: true })
  const statsPort = options.statsPort ?? options.port + 3
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    // As in production: a stopping process reports not ready this long, so HAProxy's check takes it out first.
    SHUTDOWN_DRAIN_MS: '2000',
    ...options.env,
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    DATA_DIR: options.dataDir,
    TRUST_PROXY: '1',
    PUBLIC_URL: options.env?.PUBLIC_URL ?? `http://127.0.0.1:${options.port}`,
  }
  const names = ['app1', 'app2']

  function spawnApp(index: number): AppProcess {
    const port = options.appPorts[index]!
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      ...detachedWith(options.log),
    })
    pipeLines(child, `[${names[index]}]`, options.log)
    return { name: names[index]!, url: `http://127.0.0.1:${port}`, child, exited: exitOf(child) }
  }

  const apps: AppProcess[] = []
  let healthPath = READY_PATH
  // One after the other: the first migrates the database and, in development, seeds it.
  for (const index of [0, 1]) {
    const app = spawnApp(index)
    apps.push(app)
    await waitForOk(`${app.url}/api/health`, app.exited, START_TIMEOUT_MS)
    healthPath = await healthPathOf(app.url)
    await waitForOk(`${app.url}${healthPath}`, app.exited, START_TIMEOUT_MS)
  }

  const proxy = spawn(haproxy, ['-f', HAPROXY_CONFIG, '-db'], {
    env: {
      PATH: env.PATH,
      HTTP_BIND: `127.0.0.1:${options.port}`,
      APP1_ADDR: `127.0.0.1:${options.appPorts[0]}`,
      APP2_ADDR: `127.0.0.1:${options.appPorts[1]}`,
      HEALTH_PATH: healthPath,
      STATS_BIND: `127.0.0.1:${statsPort}`,
    },
    ...detachedWith(options.log),
  })
  pipeLines(proxy, '[haproxy]', options.log)
  const proxyExited = exitOf(proxy)
  const statsUrl = `http://127.0.0.1:${statsPort}/`

  async function waitForProxyState(index: number, state: 'UP' | 'DOWN', timeoutMs = START_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (proxy.exitCode !== null || proxy.signalCode !== null) throw new Error('HAProxy exited')
      const states = await proxyStates(statsUrl).catch(() => undefined)
      if (states?.get(names[index]!) === state) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`HAProxy did not see ${names[index]} ${state} within ${timeoutMs} ms`)
  }

  async function kill(index: number, signal: NodeJS.Signals) {
    const app = apps[index]!
    if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill(signal)
    const forced = setTimeout(() => app.child.kill('SIGKILL'), STOP_TIMEOUT_MS)
    const code = await app.exited
    clearTimeout(forced)
    return code
  }

  const cluster: Cluster = {
    url: `http://127.0.0.1:${options.port}`,
    statsUrl,
    apps,
    kill,
    waitForProxyState,
    async restart(index) {
      await kill(index, 'SIGTERM')
      const app = spawnApp(index)
      apps[index] = app
      await waitForOk(`${app.url}${healthPath}`, app.exited, START_TIMEOUT_MS)
      await waitForProxyState(index, 'UP')
    },
    async stop() {
      await Promise.all(apps.map((_app, index) => kill(index, 'SIGTERM')))
      proxy.kill('SIGTERM')
      await proxyExited
    },
  }
  try {
    await waitForProxyState(0, 'UP')
    await waitForProxyState(1, 'UP')
  } catch (error) {
    await cluster.stop()
    throw error
  }
  return cluster
}

function portArgument() {
  const index = process.argv.indexOf('--port')
  const value = Number(index > 0 ? process.argv[index + 1] : (process.env.CLUSTER_PORT ?? 8080))
  if (!Number.isInteger(value) || value < 1 || value > 65_530) throw new Error('--port takes a port number')
  return value
}

async function main() {
  if (!findHaproxy()) {
    console.error('npm run cluster needs HAProxy, which is not installed here: apt-get install haproxy')
    process.exit(1)
  }
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-if-stale.ts')], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
  const port = portArgument()
  const dataDir = process.env.CLUSTER_DATA_DIR ?? join(ROOT, 'data-cluster')
  // Both processes must sign and accept the same tokens: the first writes DATA_DIR/jwt-secret, the second reads it.
  const passed = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && /^[A-Z][A-Z0-9_]*$/.test(entry[0]),
    ),
  )
  const cluster = await startCluster({
    port,
    appPorts: [port + 1, port + 2],
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fika_cluster',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    dataDir,
    env: {
      ...passed,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    log: (line) => console.log(line),
  })
  console.log(
    [
      '',
      `Fika runs at ${cluster.url} (HAProxy), on ${cluster.apps.map((app) => app.url).join(' and ')}`,
      `  HAProxy's status page: ${cluster.statsUrl}`,
      `  shared data: ${dataDir}; stop with Ctrl-C`,
    ].join('\n'),
  )
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    console.log('Stopping the apps, then HAProxy…')
    void cluster.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
