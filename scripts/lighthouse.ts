/**
 * npm run lighthouse: Lighthouse with the settings of lighthouserc.json (mobile) against the built app served by
 * the real server, printing the category scores of each URL. Prints figures; it is not a test.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { findChromium } from './find-chromium.ts'

type Rc = {
  ci: { collect: { url: string[]; settings: Record<string, unknown> & { chromeFlags: string[] } } }
}
const rc = JSON.parse(await readFile('lighthouserc.json', 'utf8')) as Rc
const { url: urls, settings } = rc.ci.collect
const { chromeFlags, ...lighthouseSettings } = settings
const port = new URL(urls[0]!).port

const dataDir = await mkdtemp(join(tmpdir(), 'fika-lighthouse-'))
const server = spawn(process.execPath, ['server/main.ts'], {
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'lighthouse-run-only-secret-0123456789abcdef',
  },
  stdio: 'inherit',
})
const chrome = await launch({ chromePath: await findChromium(), chromeFlags })
try {
  for (
    let tries = 0;
    !(await fetch(`http://localhost:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false));
    tries++
  ) {
    if (tries > 150) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  for (const url of process.argv.slice(2).length
    ? process.argv.slice(2).map((p) => new URL(p, urls[0]).href)
    : urls) {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      { extends: 'lighthouse:default', settings: lighthouseSettings },
    )
    const categories = result?.lhr.categories ?? {}
    console.log(`\n${url} (mobile)`)
    for (const category of Object.values(categories)) {
      console.log(`  ${category.title.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`)
    }
    const audits = result?.lhr.audits ?? {}
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      if (audits[id]) console.log(`  ${audits[id].title.padEnd(26)} ${audits[id].displayValue ?? ''}`)
    }
    const failed = Object.values(audits).filter(
      (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary',
    )
    if (failed.length) console.log(`  failing checks: ${failed.map((a) => a.id).join(', ')}`)
  }
} finally {
  await chrome.kill()
  server.kill('SIGTERM')
  await rm(dataDir, { recursive: true, force: true })
}
