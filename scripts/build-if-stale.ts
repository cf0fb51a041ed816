/**
 * `npm start`'s build step: builds the web app (dist/) and the server's page renderer (dist-ssr/) only when a file
 * they are made from changed since they were last built, so a second start begins at once. Quiet: Vite's output
 * is shown only when a build fails.
 */
import { spawnSync } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

/** What the two builds read: the app, its catalogs (under src/), the shared contract, their configs and locks. */
export const BUILD_INPUTS = [
  'src',
  'contract',
  'service-worker',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'scripts/first-load-chunk.ts',
  'tsconfig.web.json',
  'package.json',
  'package-lock.json',
]

/** One file of each build, written when it completes: the older of the two dates the whole build. */
export const BUILD_OUTPUTS = ['dist/index.html', 'dist-ssr/entry-server.js']

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined)
  if (!info?.isDirectory()) return info?.mtimeMs ?? 0
  const entries = await readdir(path)
  const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))))
  return Math.max(info.mtimeMs, ...times)
}

async function modifiedAt(path: string) {
  return (await stat(path).catch(() => undefined))?.mtimeMs ?? 0
}

/** True when a build is missing or older than any of its inputs. */
export async function buildIsStale(baseDir = root): Promise<boolean> {
  const built = Math.min(...(await Promise.all(BUILD_OUTPUTS.map((file) => modifiedAt(join(baseDir, file))))))
  if (built === 0) return true
  const changes = await Promise.all(BUILD_INPUTS.map((input) => newestChange(join(baseDir, input))))
  return Math.max(...changes) > built
}

function vite(args: string[]) {
  // Vite runs on this Node (24), whatever `node` the shell that started npm has.
  const vitePath = join(root, 'node_modules/.bin/vite')
  const result = spawnSync(process.execPath, [vitePath, 'build', ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (result.status === 0) return
  // Its progress and warnings are for `npm run build`; a start shows them only when they explain a failure.
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  process.exit(result.status ?? 1)
}

if (import.meta.main) {
  if (await buildIsStale()) {
    console.log('Building the web app into dist/ and dist-ssr/ (a minute or two)…')
    const started = performance.now()
    vite(['--logLevel', 'warn'])
    vite(['--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr', '--logLevel', 'warn'])
    console.log(`Built in ${Math.round((performance.now() - started) / 1000)} s.`)
  } else {
    console.log('The web app in dist/ is newer than its sources: no build needed.')
  }
}
