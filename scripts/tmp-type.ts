import { spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
const PORT = 8183
const dataDir = await mkdtemp(join(tmpdir(), 'fika-type-'))
const server = spawn(process.execPath, ['server/main.ts'], { env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'inherit' })
try {
  while (!(await fetch(`http://localhost:${PORT}/api/health`).then((r) => r.ok).catch(() => false))) await new Promise((r) => setTimeout(r, 200))
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
  const page = await context.newPage()
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)))
  // Hold the app's chunk back for 2 s, as a slow link would.
  await page.route(/\/assets\/app-.*\.js$/, async (route) => { await new Promise((r) => setTimeout(r, 2000)); await route.continue() })
  await page.goto(`http://localhost:${PORT}/`, { waitUntil: 'commit' })
  const input = page.getByRole('combobox', { name: 'Найти услугу' })
  await input.waitFor()
  await input.pressSequentially('электр', { delay: 30 })
  console.log('typed; started?', await page.evaluate(() => document.documentElement.hasAttribute('data-started')))
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-started'), undefined, { timeout: 20000 })
  await page.waitForTimeout(1500)
  console.log('value after start:', JSON.stringify(await input.inputValue()))
  console.log('dropdown:', await page.locator('.search__dropdown').count(), (await page.locator('.search__dropdown').textContent().catch(() => ''))?.slice(0, 100))
  await browser.close()
} finally { server.kill('SIGTERM') }
