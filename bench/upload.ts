/**
 * npm run bench:upload — identity documents through the app's real upload path (decisions 028 and 032), in
 * Chromium on the built app (`npm run build` first): a specialist on a 360 px phone picks three 12-megapixel camera
 * photos (ID card front and back, selfie), which the page compresses as it always does, and sends them with tus.
 * Prints the size of the set after that compression, the time the set takes to go up unthrottled and on a
 * 1.6 Mbit/s connection with 150 ms latency (CDP), and, on the same slow connection, what an upload cut once the
 * server holds half of a photo sends again when it resumes.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import sharp from 'sharp'
import { freePort } from '#tests/helpers/free-port.ts'

const ROOT = join(import.meta.dirname, '..')
const PASSWORD = 'fika-bench-2026'
/** 1.6 Mbit/s each way (200,000 bytes a second) with 150 ms of latency: a slow mobile connection. */
const SLOW = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 }
const PHOTOS = ['Лицевая сторона', 'Оборотная сторона', 'Селфи с документом'] as const

/** A phone camera's 12-megapixel frame (4000 x 3000) with fine detail all over, so it keeps its size. */
async function cameraJpeg(seed: number) {
  const [width, height] = [4000, 3000]
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / width) | 0) * 104729 + seed) % 251
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

async function startServer(dataDir: string) {
  const port = await freePort()
  const child = spawn(process.execPath, [join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'dev',
      SEED_DEMO_ORDERS: 'false',
      MAP_STYLE_URL: 'bundled',
      RATE_LIMIT_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const url = `http://localhost:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (Date.now() > deadline) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    stop: () => {
      child.kill('SIGTERM')
      return new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

let counter = 0
/** A new specialist through the API, with the dev SMS adapter's code. */
async function registerSpecialist(url: string) {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${url}/api/fika/freelancer${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const phone = `99894${String((process.pid * 10 + ++counter) % 10_000_000).padStart(7, '0')}`
  const { required_id } = await post<{ required_id: string }>('/sms/send', { phone, type: 'register' })
  const sms = (await (await fetch(`${url}/api/dev/sms?phone=${phone}`)).json()) as {
    messages: { code: string }[]
  }
  await post('/sms/verify', { required_id, code: sms.messages[0]!.code })
  await post('/v1.0.1/auth/register', {
    name: 'Bench',
    surname: 'Uploader',
    username: phone,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    type: 'executor',
    required_id,
  })
  return phone
}

/**
 * Run in the page (as source text: this script is compiled without the DOM's types). Keeps what the page sends of
 * each photo (tus PATCHes a Blob, which Playwright does not show) and the request sending it, so a cut can abort it
 * as a lost connection would.
 */
const TRACK_UPLOADS = `{
  const send = XMLHttpRequest.prototype.send
  const open = XMLHttpRequest.prototype.open
  const state = { blobs: [], sending: null }
  window.benchUpload = state
  XMLHttpRequest.prototype.open = function (method, target) {
    if (method === 'PATCH') state.sending = this
    open.call(this, method, target, true)
  }
  XMLHttpRequest.prototype.send = function (body) {
    if (body instanceof Blob) state.blobs.push(body.size)
    send.call(this, body)
  }
}`
/** Run in the page: the photo's request in flight ends as when the connection goes. */
const CUT_CONNECTION = `{
  const { sending } = window.benchUpload
  sending.abort()
  sending.onerror?.(new ProgressEvent('error'))
}`

/** A logged-in specialist's phone on /account with the three photos picked and compressed, ready to send. */
async function readyToSend(browser: Browser, url: string, photos: Buffer[]) {
  const phone = await registerSpecialist(url)
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ru-RU' })
  await context.addInitScript(TRACK_UPLOADS)
  const page = await context.newPage()
  await page.goto(`${url}/about`)
  await page.evaluate(
    async ({ phone, password }) => {
      const response = await fetch('/api/fika/freelancer/v1.0.1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: phone, password, type: 'executor' }),
      })
      const { token, profile } = (await response.json()) as { token: string; profile: unknown }
      localStorage.setItem('fika.session', JSON.stringify({ state: { token, profile }, version: 0 }))
    },
    { phone, password: PASSWORD },
  )
  await page.goto(`${url}/account`)
  const section = page.getByRole('region', { name: 'Проверка личности' })
  await section.getByText(/значок «Проверен»/).waitFor({ timeout: 60_000 })
  await section.getByRole('radio', { name: 'ID-карта' }).check()
  for (const [index, side] of PHOTOS.entries()) {
    await section
      .getByLabel('Выбрать файл с фото')
      .setInputFiles({ name: `IMG_000${index}.jpg`, mimeType: 'image/jpeg', buffer: photos[index]! })
    await section.getByRole('img', { name: `Ваше фото: ${side}` }).waitFor({ timeout: 60_000 })
    await section.getByRole('button', { name: 'Далее' }).click()
  }
  return { page, context, section }
}

/** Every PATCH the page sends: its offset and when its answer came; and each photo's length from its creation. */
function watchTus(page: Page) {
  const seen = { lengths: [] as number[], patches: [] as number[], firstAt: 0, lastAt: 0 }
  page.on('request', (request) => {
    if (!request.url().includes('/api/uploads/documents')) return
    seen.firstAt ||= performance.now()
    const headers = request.headers()
    if (request.method() === 'POST') seen.lengths.push(Number(headers['upload-length']))
    if (request.method() === 'PATCH') seen.patches.push(Number(headers['upload-offset']))
  })
  page.on('requestfinished', (request) => {
    if (request.method() === 'PATCH') seen.lastAt = performance.now()
  })
  return seen
}

/** Sends the set on the given connection: the bytes of each photo, the tus transfer's time and the whole send's. */
async function sendSet(browser: Browser, url: string, photos: Buffer[], throttled: boolean) {
  const { page, context, section } = await readyToSend(browser, url, photos)
  const seen = watchTus(page)
  if (throttled) {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', SLOW)
  }
  const started = performance.now()
  await section.getByRole('button', { name: 'Отправить на проверку' }).click()
  await section.getByText(/Документы на проверке с/).waitFor({ timeout: 300_000 })
  const total = performance.now() - started
  const sizes = seen.lengths
  await context.close()
  return { sizes, transferMs: seen.lastAt - seen.firstAt, totalMs: total }
}

/** The sealed bytes the server holds of the upload in progress. */
async function bytesOnServer(dataDir: string) {
  const folder = join(dataDir, 'document-uploads')
  const names = await readdir(folder).catch(() => [] as string[])
  const sizes = await Promise.all(
    names.map((name) =>
      stat(join(folder, name, 'chunks')).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  )
  return Math.max(0, ...sizes)
}

/** On the slow connection, the first photo's request is cut once the server holds half of it; the page resumes. */
async function cutAndResume(browser: Browser, url: string, dataDir: string, photos: Buffer[]) {
  const { page, context, section } = await readyToSend(browser, url, photos)
  const seen = watchTus(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW)
  await section.getByRole('button', { name: 'Отправить на проверку' }).click()
  const deadline = Date.now() + 300_000
  while (!(seen.lengths[0] && (await bytesOnServer(dataDir)) >= seen.lengths[0] / 2)) {
    if (Date.now() > deadline) throw new Error('the first photo never reached half on the server')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await page.evaluate(CUT_CONNECTION)
  await section.getByText(/Документы на проверке с/).waitFor({ timeout: 300_000 })
  await context.close()
  const length = seen.lengths[0]!
  // The first photo's PATCHes were the first two: from 0, then from what the server held.
  const resumedAt = seen.patches[1]!
  return { length, resumedAt, resent: length - resumedAt }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-upload-'))
const server = await startServer(dataDir)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
})
try {
  const photos = await Promise.all([1, 2, 3].map((seed) => cameraJpeg(seed)))
  const taken = photos.reduce((sum, photo) => sum + photo.length, 0)
  console.log(
    `Server ${server.url}; an ID card set of three 12-megapixel (4000x3000) camera JPEGs, ${kb(taken)}\n`,
  )

  const fast = await sendSet(browser, server.url, photos, false)
  const set = fast.sizes.reduce((sum, size) => sum + size, 0)
  console.log(
    `compressed in Chromium   ${fast.sizes.map(kb).join(' + ')} = ${kb(set)} (${set} B, ` +
      `${((set / taken) * 100).toFixed(0)} % of the camera's)`,
  )
  console.log(
    `unthrottled              tus transfer ${seconds(fast.transferMs)}, click to "under review" ${seconds(fast.totalMs)}`,
  )
  const slow = await sendSet(browser, server.url, photos, true)
  console.log(
    `1.6 Mbit/s, 150 ms       tus transfer ${seconds(slow.transferMs)}, click to "under review" ${seconds(slow.totalMs)}` +
      ` (the bytes alone at 200,000 B/s: ${seconds((set / 200_000) * 1000)})`,
  )
  const cut = await cutAndResume(browser, server.url, dataDir, photos)
  console.log(
    `cut at 50 %, resumed     photo ${cut.length} B; server held ${cut.resumedAt} B; the resumed upload sent ${cut.resent} B ` +
      `(${((cut.resent / cut.length) * 100).toFixed(0)} % of the photo, not 100 %)`,
  )
} finally {
  await browser.close()
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
