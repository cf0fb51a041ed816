/**
 * `npm run dev`: the server under `node --watch`, with the variables of .env when there is one.
 * NOTE: `--watch` with `--env-file-if-exists` naming a missing file aborts with a native stack trace on Ctrl+C
 * (nodejs/node#64819, still in Node 24.21), so .env is named only when it exists. This process then becomes that
 * command (execve), so Ctrl+C and a restart on change behave exactly as if it had been typed by hand.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const args = [...(existsSync('.env') ? ['--env-file=.env'] : []), '--watch', 'server/main.ts']

if (process.execve) process.execve(process.execPath, [process.execPath, ...args])
// Windows has no execve: the command runs as a child instead.
const { status } = spawnSync(process.execPath, args, { stdio: 'inherit' })
process.exit(status ?? 1)
