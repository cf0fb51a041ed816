import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { TEST_REDIS_KEY_PREFIX } from '#server/config.ts'

const MAIN = join(import.meta.dirname, '../../server/main.ts')

/**
 * `node server/main.ts` as production runs it, with only the given environment (and PATH, HOME). On Redis it uses
 * the test file's own keys, as the file's in-process apps do.
 */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      REDIS_KEY_PREFIX: TEST_REDIS_KEY_PREFIX,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

/** Waits until `url` answers 2xx; the server's start (migrations, seeds) takes seconds. */
export async function waitForHealth(url: string, deadlineMs: number) {
  const deadline = Date.now() + deadlineMs
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => undefined)
    if (response?.ok) return response
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer in ${deadlineMs} ms`)
}
