/**
 * npm run size: gzip bytes of the JavaScript and CSS that `/` loads before any interaction, measured in Chromium
 * against the built app served by the real server (run `npm run build` first), and of the JavaScript that Telegram's
 * launch of the Mini App loads. Budget for both: at most 110 KB of JS, the target of issue 13 (150 before it put the
 * first screen in one chunk; 135, then 118, as the HTTP client, the catalogue's calls, the service worker and then
 * the parts no first tap needs left the first load; 108 once the router's scroll restoration and the client did).
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { AUTH_PATH, V1 } from '../contract/endpoint.ts'
import { DEMO_PASSWORD, DEMO_USERS } from '../server/seed/demo-users.ts'
import { DEV_BOT_TOKEN } from '../server/modules/telegram/dev-bot-token.ts'
import { signInitData } from '../server/modules/telegram/init-data.ts'
import { freePort } from '../tests/helpers/free-port.ts'
import { postStartFromLink } from '../tests/helpers/telegram-start.ts'
import { findChromium } from './find-chromium.ts'

const JS_BUDGET_BYTES = 110 * 1024
// A free port, so two checkouts measuring at once never read each other's build.
const PORT = await freePort()
const dataDir = await mkdtemp(join(tmpdir(), 'fika-size-'))
// The bot's updates are posted to the webhook as Telegram would, to link the demo specialist (linkedLaunch below).
const webhookSecret = randomBytes(24).toString('hex')
const server = spawn(process.execPath, ['server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TELEGRAM_WEBHOOK_SECRET: webhookSecret,
  },
  stdio: 'inherit',
})
const url = `http://localhost:${PORT}/`
try {
  for (
    let tries = 0;
    !(await fetch(`${url}api/health`)
      .then((r) => r.ok)
      .catch(() => false));
    tries++
  ) {
    if (tries > 150) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const executablePath = await findChromium()
  const browser = await chromium.launch({
    ...(executablePath && { executablePath }),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  type Loaded = { url: string; kind: 'js' | 'css'; raw: number; gzip: number }
  /**
   * The JavaScript and CSS a first visit to `address` fetches until the network is quiet (and, with `landsOn`, quiet
   * again on the page the app goes to by itself).
   */
  async function firstLoad(address: string, landsOn?: RegExp): Promise<Loaded[]> {
    // A first visit: no cache, no service worker yet, a phone-sized screen.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    })
    const page = await context.newPage()
    const loaded: Loaded[] = []
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname
      const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : undefined
      if (!kind) return
      const body = await response.body()
      loaded.push({ url: path, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
    })
    await page.goto(address, { waitUntil: 'networkidle' })
    if (landsOn) {
      await page.waitForURL(landsOn)
      await page.waitForLoadState('networkidle')
    }
    await context.close()
    return loaded
  }
  const total = (loaded: Loaded[], kind: 'js' | 'css') =>
    loaded.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.gzip, 0)
  const list = (loaded: Loaded[]) => {
    for (const file of loaded.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `${file.kind.padEnd(4)} ${kb(file.gzip).padStart(9)} gzip ${kb(file.raw).padStart(9)} raw  ${file.url}`,
      )
    }
  }

  const home = await firstLoad(url)
  list(home)
  console.log(
    `\nJavaScript loaded by / before any interaction: ${kb(total(home, 'js'))} gzip (budget ${kb(JS_BUDGET_BYTES)})`,
  )
  console.log(`CSS loaded by / before any interaction: ${kb(total(home, 'css'))} gzip`)
  if (total(home, 'js') > JS_BUDGET_BYTES) process.exitCode = 1

  // Telegram's launch of the Mini App: `/` with its launch parameters in the hash. The launch data is not signed,
  // so the login is refused and its notice shows: the app, the Mini App's theme and buttons (features/mini-app), the
  // login and the notice, as a first launch fetches them before the person can tap.
  const theme = JSON.stringify({ bg_color: '#17212b', text_color: '#f5f5f5' })
  const miniApp = await firstLoad(
    `${url}#tgWebAppData=${encodeURIComponent('auth_date=1&query_id=AAE&hash=00')}&tgWebAppVersion=8.0` +
      `&tgWebAppPlatform=android&tgWebAppThemeParams=${encodeURIComponent(theme)}`,
  )
  console.log('')
  list(miniApp)
  // NOTE: reported against the budget, not yet held to it: beyond the first screen's own code, the login's HTTP
  // client (ky, and valibot for its error body) and the login's notice with its words (docs/decisions/026-telegram.md).
  const over = total(miniApp, 'js') > JS_BUDGET_BYTES ? ', over it' : ''
  console.log(
    `\nJavaScript loaded by a Mini App launch before any interaction: ${kb(total(miniApp, 'js'))} gzip (budget ${kb(JS_BUDGET_BYTES)}${over})`,
  )

  // The launch of a linked specialist: signed launch data, the login, and the orders it lands on.
  const linked = await firstLoad(
    `${url}#tgWebAppData=${encodeURIComponent(await linkedLaunchData())}`,
    /\/orders$/,
  )
  console.log('')
  list(linked)
  console.log(
    `\nJavaScript loaded by a linked specialist's Mini App launch, landed on /orders: ${kb(total(linked, 'js'))} gzip`,
  )
  await browser.close()

  // The map's chunks load only with a map screen; `/` must not load them (tests/e2e/orders-list.test.ts).
  const assets = await readdir('dist/assets')
  const mapChunks = assets.filter((name) =>
    /^(maplibre-map|maplibre-gl-worker|uzbekistan-outline)-.+\.(js|css)$/.test(name),
  )
  let mapTotal = 0
  for (const name of mapChunks) {
    const gzip = gzipSync(await readFile(join('dist/assets', name)), { level: 9 }).length
    mapTotal += gzip
    console.log(`map  ${kb(gzip).padStart(9)} gzip  /assets/${name}`)
  }
  console.log(`The map's chunks (loaded by /orders/map, not by /): ${kb(mapTotal)} gzip`)
  if (home.some((file) => mapChunks.some((name) => file.url.endsWith(name)))) process.exitCode = 1
} finally {
  // The database's files are removed once the server has closed them.
  const running = server.exitCode === null && server.signalCode === null
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  if (running) await exited
  await rm(dataDir, { recursive: true, force: true })
}

/**
 * Telegram launch data signed for the demo specialist, once the bot has linked them: "Connect Telegram"'s link,
 * then `/start <token>` posted to the webhook as Telegram posts it (the bot's update is a job, so it is waited for).
 */
async function linkedLaunchData() {
  const specialist = DEMO_USERS.find((user) => user.type === 'executor')!
  const login = await fetch(new URL(`${AUTH_PATH}/login`, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: specialist.phone, password: DEMO_PASSWORD, type: 'executor' }),
  })
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` }
  const linkAnswer = await fetch(new URL(`${V1}/profile/telegram/link`, url), { method: 'POST', headers })
  const { link } = (await linkAnswer.json()) as { link: string }
  const telegramId = 515_151
  await postStartFromLink(url, webhookSecret, link, telegramId)
  for (let tries = 0; ; tries++) {
    const profile = (await (await fetch(new URL(`${V1}/profile`, url), { headers })).json()) as {
      telegram_id: string | null
    }
    if (profile.telegram_id) break
    if (tries > 100) throw new Error('the bot did not link the demo specialist')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return signInitData(DEV_BOT_TOKEN, {
    auth_date: String(Math.floor(Date.now() / 1000)),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ id: telegramId, first_name: 'Dilshod', language_code: 'ru' }),
  })
}
