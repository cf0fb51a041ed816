/**
 * The real server (`server/main.ts`) in a child process, for the benchmarks that measure it from outside over the
 * network (chat, realtime, payments).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { freePort } from '#tests/helpers/free-port.ts'

const ROOT = join(import.meta.dirname, '..')
/** The kernel's clock ticks a second, for the CPU times in /proc. */
const CLOCK_TICKS = 100
const START_TIMEOUT_MS = 120_000

/** A server the benchmark measures: where it answers, and its memory and CPU read from /proc. */
export type MeasuredServer = {
  url: string
  /** Resident memory now, in KB. */
  rssKb: () => Promise<number>
  /** User and system CPU time so far, in seconds. */
  cpuS: () => Promise<number>
}

export type ServerProcess = MeasuredServer & {
  child: ChildProcess
  stop: () => Promise<void>
}

/** The memory and CPU of a process of this machine, from /proc (also a server the benchmark did not start). */
export function processUsage(pid: number): Pick<MeasuredServer, 'rssKb' | 'cpuS'> {
  return {
    async rssKb() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    },
    async cpuS() {
      // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
      const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ')
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
    },
  }
}

/**
 * Starts `server/main.ts` on a free local port with `env` (no Redis unless `env` names one, no demo users, the
 * general request limit off, warnings only in the log) and waits until /api/health answers; throws if it does not.
 */
export async function startServerProcess(
  env: Record<string, string>,
  jwtSecret: string,
): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      // Only a run of two processes shares a Redis; an empty variable is unset.
      REDIS_URL: '',
      RATE_LIMIT_PER_MINUTE: '1000000000',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      SEED_DEMO_USERS: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${port}`
  let up = false
  for (let waited = 0; !up && waited < START_TIMEOUT_MS && child.exitCode === null; waited += 200) {
    up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (!up) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (!up) {
    child.kill('SIGKILL')
    throw new Error('the server did not answer /api/health')
  }
  return {
    url,
    child,
    ...processUsage(child.pid!),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** Starts the processes in turn, runs `measure` on them, then stops every one that started however it ended. */
export async function withServers(
  starts: (() => Promise<ServerProcess>)[],
  measure: (servers: ServerProcess[]) => Promise<void>,
) {
  const servers: ServerProcess[] = []
  try {
    for (const start of starts) servers.push(await start())
    await measure(servers)
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}
