/**
 * npm run lighthouse [path…]: Lighthouse (mobile, the settings of lighthouserc.json) on the built app served by the
 * real server with the data `npm start` seeds, beside an empty Vite React page served by the same server in the
 * same run. Each page is measured RUNS times and its median run printed. Prints figures; it is not a test.
 *
 * `--day`: the specialist's Today view instead, logged in, with two accepted jobs (scripts/lighthouse-day.ts).
 * `--3g`: on Lighthouse's simulated regular 3G (300 ms round trip, 700 Kbit/s) instead of its default mobile link.
 */
import { fork } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { build } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { findChromium } from './find-chromium.ts'
import { keepSession, prepareDay, writeLoginPage } from './lighthouse-day.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
// With LIGHTHOUSE_REPORT_DIR, each run's whole report is written there as JSON (which elements shifted, and so on).
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR

type Rc = {
  ci: { collect: { url: string[]; settings: Record<string, unknown> & { chromeFlags: string[] } } }
}
const rc = JSON.parse(await readFile('lighthouserc.json', 'utf8')) as Rc
const { url: urls, settings } = rc.ci.collect
const { chromeFlags, ...defaultSettings } = settings
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')))
const lighthouseSettings = {
  ...defaultSettings,
  // The trace runs until the network and the CPU have been quiet for 5 s: the app's background work, 3 s after the
  // load (src/lib/after-first-load.ts), then ends inside it. With Lighthouse's 1 s it was cut off or not depending on
  // the machine's speed, and requests cut off at the trace's end made the simulation take FCP for seconds later.
  pauseAfterLoadMs: 5000,
  networkQuietThresholdMs: 5000,
  cpuQuietThresholdMs: 5000,
  ...(flags.has('--3g') && {
    throttling: { rttMs: 300, throughputKbps: 700, cpuSlowdownMultiplier: 4, requestLatencyMs: 0 },
  }),
  // The logged-in session is kept in the app's storage, which Lighthouse otherwise clears before each run.
  ...(flags.has('--day') && { disableStorageReset: true }),
}
const origin = new URL(urls[0]!).origin

const workDir = await mkdtemp(join(tmpdir(), 'fika-lighthouse-'))
const emptyPageDir = join(workDir, 'empty-page')
// The baseline is built as the app is: production React, compressed files.
await build({
  configFile: false,
  logLevel: 'warn',
  root: 'scripts/lighthouse-empty',
  base: '/lighthouse-empty/',
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: { outDir: emptyPageDir, emptyOutDir: true },
})

const server = fork('scripts/lighthouse-server.ts', {
  env: {
    ...process.env,
    PORT: new URL(origin).port,
    HOST: '127.0.0.1',
    DATA_DIR: join(workDir, 'data'),
    EMPTY_PAGE_DIR: emptyPageDir,
    LOG_LEVEL: 'warn',
    // The demo data (a specialist's profile, open orders) is seeded outside production only.
    NODE_ENV: 'development',
    JWT_SECRET: 'lighthouse-run-only-secret-0123456789abcdef',
    // The maps load only when scrolled to or tapped, so the style does not change the figures; the bundled one
    // keeps a run from depending on the network (MAP_STYLE_URL=… measures another).
    MAP_STYLE_URL: process.env.MAP_STYLE_URL ?? 'bundled',
  },
  stdio: 'inherit',
})
const chrome = await launch({ chromePath: await findChromium(), chromeFlags })

type Figures = { performance: number; fcp: number; lcp: number; tbt: number; cls: number; failing: string[] }

async function measureOnce(url: string, tries = 3): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error' },
    { extends: 'lighthouse:default', settings: lighthouseSettings },
  )
  // A run whose trace Chromium failed to record (NO_NAVSTART and the like) says nothing of the page: run again.
  if (result?.lhr.runtimeError) {
    if (tries <= 1) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.code}`)
    return measureOnce(url, tries - 1)
  }
  if (REPORT_DIR) {
    await mkdir(REPORT_DIR, { recursive: true })
    const name = new URL(url).pathname.replace(/[^\w-]+/g, '_')
    await writeFile(join(REPORT_DIR, `${name}-${Date.now()}.json`), JSON.stringify(result!.lhr, null, 1))
  }
  const audits = result!.lhr.audits
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN
  return {
    performance: Math.round((result!.lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    failing: Object.values(result!.lhr.categories)
      .filter((category) => category.id !== 'performance' && (category.score ?? 0) < 1)
      .map((category) => `${category.id} ${Math.round((category.score ?? 0) * 100)}`),
  }
}

/** The run with the median performance score: one slow or fast run on a shared machine does not decide. */
async function measure(url: string): Promise<Figures> {
  const runs: Figures[] = []
  for (let run = 0; run < RUNS; run++) runs.push(await measureOnce(url))
  return runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!
}

try {
  const { pages, baseline } = await new Promise<{ pages: string[]; baseline: string }>((resolve, reject) => {
    server.once('message', (message) => resolve(message as { pages: string[]; baseline: string }))
    server.once('exit', (code) => reject(new Error(`the server stopped (${code}) before it listened`)))
  })
  const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
  const empty = await measure(new URL(baseline, origin).href)
  if (flags.has('--day')) {
    await writeLoginPage(emptyPageDir)
    await keepSession(chrome.port, new URL(`${baseline}login.html`, origin).href, await prepareDay(origin))
    asked.splice(0, asked.length, '/orders/today')
  }
  const rows: [string, Figures][] = [['empty Vite React page', empty]]
  for (const path of asked.length ? asked : pages)
    rows.push([path, await measure(new URL(path, origin).href)])

  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const link = flags.has('--3g') ? 'simulated regular 3G' : 'its default mobile link'
  console.log(`\nLighthouse, mobile, ${link}, median of ${RUNS} runs per page\n`)
  console.log(
    `${'page'.padEnd(44)} ${'perf'.padStart(4)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'LCP/empty'.padStart(9)} ${'TBT'.padStart(7)} ${'CLS'.padStart(5)}  other categories below 100`,
  )
  for (const [page, figures] of rows) {
    console.log(
      `${page.padEnd(44)} ${String(figures.performance).padStart(4)} ${seconds(figures.fcp).padStart(7)} ${seconds(figures.lcp).padStart(7)} ${(figures.lcp / empty.lcp).toFixed(2).padStart(9)} ${`${Math.round(figures.tbt)} ms`.padStart(7)} ${figures.cls.toFixed(3).padStart(5)}  ${figures.failing.join(', ')}`,
    )
  }
} finally {
  await chrome.kill()
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  await rm(workDir, { recursive: true, force: true })
}
