/**
 * Photographs the built app for the web app manifest's install sheet (narrow and wide), in Russian.
 * Run after `npm run build` with the server up: `node scripts/make-screenshots.ts http://localhost:8080`.
 */
import { mkdir } from 'node:fs/promises'
import { chromium } from 'playwright-core'
import { findChromium } from './find-chromium.ts'

const base = process.argv[2] ?? 'http://localhost:8080'
const executablePath = await findChromium()
const browser = await chromium.launch({
  ...(executablePath && { executablePath }),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
})
await mkdir('public/screenshots', { recursive: true })
const shots = [
  { file: 'home-narrow.png', viewport: { width: 540, height: 1170 } },
  { file: 'home-wide.png', viewport: { width: 1280, height: 800 } },
]
for (const shot of shots) {
  const page = await browser.newPage({ viewport: shot.viewport })
  await page.goto(base, { waitUntil: 'networkidle' })
  await page.screenshot({ path: `public/screenshots/${shot.file}` })
  await page.close()
}
await browser.close()
console.log('screenshots written to public/screenshots')
