/**
 * npm test: every test. Makes sure a Chromium exists for the browser tests (installing one when none is found),
 * builds the web app the end-to-end tests run against and the server's page renderer, then runs all Vitest
 * projects. Extra arguments go to one Vitest run as they are (`npm test -- --project web`).
 */
import { spawn, spawnSync } from 'node:child_process'
import { ensureChromium } from './find-chromium.ts'

const args = process.argv.slice(2)
const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname
const onlyServer =
  args.join(' ').match(/--project[= ]server\b/) && !args.join(' ').match(/--project[= ](web|e2e)/)

// Children run on this Node (24, from the `node` devDependency) even when the script was started another way.
const binDir = new URL('../node_modules/.bin', import.meta.url).pathname
const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${binDir}:${process.env.PATH ?? ''}` }
if (!onlyServer) {
  env.CHROMIUM_PATH = await ensureChromium()
  console.log(`Browser tests use ${env.CHROMIUM_PATH}`)
  const build = spawnSync(process.execPath, [bin('vite'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env,
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
// The server's page renderer (src/entry-server.tsx): the server tests render public pages with it.
const renderer = spawnSync(
  process.execPath,
  [bin('vite'), 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr', '--logLevel', 'error'],
  { stdio: 'inherit', env },
)
if (renderer.status !== 0) process.exit(renderer.status ?? 1)

if (args.length > 0) {
  const result = spawnSync(process.execPath, [bin('vitest'), 'run', ...args], { stdio: 'inherit', env })
  process.exit(result.status ?? 1)
}

/**
 * Every test: the API and component tests, then the browser tests, one run after the other. NOTE: they used to run
 * at once, on the idea that the browser tests mostly wait and would overlap the others' CPU. Measured on two cores
 * they did not: alone the browser run takes about 11 minutes and the rest about 10; at once the browser run took
 * 37, the API tests' processes and Chromium starving each other.
 */
const vitest = (projects: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [bin('vitest'), 'run', ...projects.flatMap((name) => ['--project', name])],
      { stdio: 'inherit', env },
    )
    child.on('close', (code) => resolve(code ?? 1))
  })
const rest = await vitest(['server', 'web'])
console.log('\n=== the browser tests (e2e)')
const browser = await vitest(['e2e'])
console.log(
  `\nnpm test: the API and component tests ${rest === 0 ? 'passed' : 'FAILED'}, ` +
    `the browser tests ${browser === 0 ? 'passed' : 'FAILED'}.`,
)
process.exit(browser === 0 && rest === 0 ? 0 : 1)
