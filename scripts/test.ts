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
 * Every test: the browser tests beside the API and component tests, as two Vitest runs at once. The browser tests
 * run one file at a time and mostly wait (on Chromium, on their server), so on two cores they overlap the others'
 * CPU rather than queue after them (Vitest itself would run a one-at-a-time project after the rest). The API and
 * component run prints as it goes; the browser run's report follows in one piece when both have ended.
 */
const vitest = (projects: string[], output: 'inherit' | 'pipe') =>
  new Promise<{ status: number; text: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        bin('vitest'),
        'run',
        ...projects.flatMap((name) => ['--project', name]),
        // The report printed in one piece is short: a dot a test, then each failure whole.
        ...(output === 'pipe' ? ['--reporter=dot'] : []),
      ],
      { stdio: ['ignore', output, output], env },
    )
    const chunks: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.on('close', (code) => resolve({ status: code ?? 1, text: Buffer.concat(chunks).toString() }))
  })
const [browser, rest] = await Promise.all([vitest(['e2e'], 'pipe'), vitest(['server', 'web'], 'inherit')])
// Printed last, after both runs, so that a failure of either is in the tail of the output a CI log keeps.
process.stdout.write(`\n=== the browser tests (e2e)\n${browser.text}\n`)
console.log(
  `\nnpm test: the API and component tests ${rest.status === 0 ? 'passed' : 'FAILED'}, ` +
    `the browser tests ${browser.status === 0 ? 'passed' : 'FAILED'}.`,
)
process.exit(browser.status === 0 && rest.status === 0 ? 0 : 1)
