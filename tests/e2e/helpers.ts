import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '#tests/helpers/free-port.ts'
import axe from 'axe-core'
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core'
import { afterAll, beforeAll, expect, inject } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')

/**
 * The product as `npm start` runs it (the built web app and the API), on a fresh embedded database: a copy of the
 * one the run's first start migrated and seeded (tests/e2e/product-template.ts), or its own when the test names a
 * DATA_DIR.
 */
export async function startProduct(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'fika-e2e-'))
  const template = env.DATA_DIR ? undefined : inject('productTemplate')
  if (template) await cp(template, dataDir, { recursive: true })
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'dev',
      // Tests count the orders they create; the demo orders would be in their lists.
      SEED_DEMO_ORDERS: 'false',
      // No test reaches the internet: the maps use the style shipped with the app, not OpenFreeMap's.
      MAP_STYLE_URL: 'bundled',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  // localhost, not 127.0.0.1: the browser treats it as a secure context (service worker, Secure cookies).
  const url = `http://localhost:${port}`
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * A phone-sized page that fails the test on any script error or console error, and whose `goto` and `reload`
 * return once the app runs the page.
 */
export async function openPhone(browser: Browser, options: { context?: BrowserContext } = {}) {
  const context =
    options.context ?? (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' }))
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('console', (message) => {
    // Failed requests are expected where a test cuts the network; everything else is a bug.
    if (
      message.type() === 'error' &&
      !/Failed to load resource|net::ERR_INTERNET_DISCONNECTED/.test(message.text())
    ) {
      problems.push(`console error: ${message.text()}`)
    }
  })
  // Only for the message of a page that did not start: where a test cuts the network, requests fail by design.
  const failedRequests: string[] = []
  page.on('requestfailed', (request) =>
    failedRequests.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`),
  )
  // A page the server drew is shown before the app is loaded (src/boot.ts) and does not answer until the app has
  // taken it over: a navigation returns once it has, as a person waits for a page to respond.
  const started = async <T>(navigation: Promise<T>) => {
    const response = await navigation
    await page
      .waitForFunction(
        () =>
          !document.querySelector('#root[data-rendered]') ||
          document.documentElement.hasAttribute('data-started'),
      )
      .catch((error: Error) => {
        // What the page said is why it did not start; the timeout alone says nothing.
        throw new Error(
          `${page.url()} did not start: ${error.message}\n${[...problems, ...failedRequests].join('\n')}`,
          {
            cause: error,
          },
        )
      })
    return response
  }
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = (url, options) => started(goto(url, options))
  page.reload = (options) => started(reload(options))
  return { page, context, problems }
}

/** axe-core on the page as it is: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string) {
  await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    })
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )
  })
  expect(violations, `axe on ${label}`).toEqual([])
}

/** The last code the dev SMS adapter kept for a phone. */
export async function lastSmsCode(url: string, phone: string): Promise<string> {
  const response = await fetch(`${url}/api/dev/sms?phone=${phone}`)
  const { messages } = (await response.json()) as { messages: { code: string }[] }
  if (!messages[0]) throw new Error(`no SMS for ${phone}`)
  return messages[0].code
}

let counter = 0
/** A phone no one in this run has used: 99893 + the process id and a counter. */
export const freshPhone = () =>
  `99893${String((process.pid * 100 + ++counter) % 10_000_000).padStart(7, '0')}`

type RunningProduct = { url: string; stop: () => Promise<void> }

/**
 * One product and one browser for the test file, started before its tests and stopped after them. `env` is read
 * when the product starts, so a hook registered before this one may still fill it in; `start` starts a product
 * prepared otherwise (moderated-product.ts).
 */
export function useProduct(
  env: Record<string, string> = {},
  start: () => Promise<RunningProduct> = () => startProduct(env),
) {
  const state = {} as { product: RunningProduct; browser: Browser }
  beforeAll(async () => {
    state.product = await start()
    state.browser = await launchChromium()
  })
  afterAll(async () => {
    await state.browser?.close()
    await state.product?.stop()
  })
  return {
    get url() {
      return state.product.url
    },
    get browser() {
      return state.browser
    },
  }
}

/** Waits until the app has saved an API answer on the device (it does so in the background after load). */
export async function waitUntilSaved(page: Page, key: string, { timeout = 20_000 } = {}) {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          // NOTE: never create the database (Dexie must), and close each connection, or it blocks Dexie's upgrade.
          if (!(await indexedDB.databases()).some((db) => db.name === 'fika')) return false
          return new Promise<boolean>((resolve) => {
            const open = indexedDB.open('fika')
            open.onerror = () => resolve(false)
            open.onsuccess = () => {
              const db = open.result
              if (!db.objectStoreNames.contains('responses')) {
                db.close()
                return resolve(false)
              }
              const request = db.transaction('responses').objectStore('responses').getAll()
              request.onsuccess = () => {
                db.close()
                resolve((request.result as { key: string }[]).some((row) => row.key === wanted))
              }
              request.onerror = () => {
                db.close()
                resolve(false)
              }
            }
          })
        }, key),
      { timeout, message: `saved ${key}` },
    )
    .toBe(true)
}

/** Waits until the service worker is active and controls the page, so the next load can come from it. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
  })
}

/** What a shown notification says, as the service worker's registration lists it. */
export type ShownNotification = { title: string; body: string; tag: string }

/**
 * Plays the push service for the page's service worker through DevTools: `deliver` hands it a push (repeating it
 * until the worker shows something, since a push reaching a worker that is still starting may be dropped; a tag
 * collapses the repeats into one), and `tap` raises the click a tap on the first shown notification would.
 */
export async function pushService(context: BrowserContext, page: Page, url: string) {
  const cdp = await context.newCDPSession(page)
  let registrationId: string | undefined
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    registrationId =
      registrations.find((r) => r.scopeURL === `${url}/` && !r.isDeleted)?.registrationId ?? registrationId
  })
  await waitForServiceWorker(page)
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrationId).toBeTruthy()
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
      })),
    )
  return {
    async deliver(payload: object): Promise<ShownNotification[]> {
      const send = () =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin: url,
          registrationId: registrationId!,
          data: JSON.stringify(payload),
        })
      await send()
      let notifications: ShownNotification[] = []
      await expect
        .poll(
          async () => {
            notifications = await shown()
            if (notifications.length === 0) await send()
            return notifications.length
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0)
      return notifications
    },
    /** A tap cannot be made through DevTools: the worker gets the click event a tap raises. */
    async tap() {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
      await worker.evaluate(async () => {
        const scope = self as unknown as ServiceWorkerGlobalScope
        const [notification] = await scope.registration.getNotifications()
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }))
      })
    },
  }
}

export const DEMO_PASSWORD = 'fika-demo-2026'
export const DEMO_CUSTOMER = '998901110001'
export const DEMO_EXECUTOR = '998901110002'

/**
 * Logs in through the open login modal (`/?modal=login`); the app then goes to /account, or stays on a page that
 * asked for the login. Both fields are checked (and typed again) right before the click: on a loaded machine a
 * keystroke can land before the phone mask is ready, and a typed password has been seen cleared in the first
 * moments after the modal opened (see the issue 5 note).
 */
export async function logInThroughModal(page: Page, phone: string, as: 'customer' | 'executor' = 'customer') {
  const dialog = page.getByRole('dialog', { name: 'Войти' })
  const phoneField = dialog.getByLabel('Номер телефона')
  const passwordField = dialog.getByLabel('Пароль', { exact: true })
  const masked = `+998 ${phone.slice(3, 5)} ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`
  // The modal and its messages load on demand: on a busy machine that alone can take seconds.
  await passwordField.waitFor({ timeout: 30_000 })
  const button = dialog.getByRole('button', {
    name: as === 'customer' ? 'Войти как заказчик' : 'Войти как исполнитель',
  })
  // The dialog can go between the two reads: innerText would then wait for one to come back (Playwright's 30 s, past
  // the poll's 20 s, as if the modal had stayed open). Read quickly, and look again on the poll's next turn.
  const closed = async () =>
    (await dialog.isVisible())
      ? dialog.innerText({ timeout: 1_000 }).catch(() => 'gone while read')
      : 'closed'
  // What became of each login the form sent: a failure names them, so a login that never answers can be told from
  // one refused or never sent.
  const logins: string[] = []
  const started = Date.now()
  const isLogin = (request: Request) => request.url().endsWith('/auth/login')
  const note = (outcome: string) => logins.push(`${Date.now() - started} ms: ${outcome}`)
  page.on('request', (request) => {
    if (isLogin(request)) note('sent')
  })
  // Read as it comes (`request.response()` later would fail once the page has closed).
  page.on('response', (response) => {
    if (isLogin(response.request())) note(`answered ${response.status()}`)
  })
  page.on('requestfailed', (request) => {
    if (isLogin(request)) note(`failed ${request.failure()?.errorText ?? ''}`)
  })
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`)
  })
  // On a loaded machine a field can still be cleared after it was checked, and the form then answers with a field
  // message instead of logging in: the fields are filled and sent again, at most three times.
  for (let attempt = 1; ; attempt++) {
    await expect
      .poll(
        async () => {
          if ((await phoneField.inputValue()) !== masked) {
            await phoneField.fill('')
            await phoneField.pressSequentially(phone.slice(3))
          }
          if ((await passwordField.inputValue()) !== DEMO_PASSWORD) await passwordField.fill(DEMO_PASSWORD)
          return [await phoneField.inputValue(), await passwordField.inputValue()]
        },
        { timeout: 20_000 },
      )
      .toEqual([masked, DEMO_PASSWORD])
    // A retry's click may find the modal already closing: the poll below says how it ended.
    await (attempt === 1 ? button.click() : button.click({ timeout: 5_000 }).catch(() => undefined))
    // A login that does not go through leaves the modal open: its text (an error, a field message) is the failure.
    const outcome = await expect
      .poll(closed, { timeout: 20_000 })
      .toBe('closed')
      .then(() => undefined)
      .catch((error: unknown) => error)
    if (outcome === undefined) return
    if (attempt === 3 || !(await dialog.isVisible())) {
      const stored = await page.evaluate(
        () => localStorage.getItem('fika.session')?.includes('"token":"') ?? false,
      )
      throw new Error(
        `the login modal stayed open; what happened: ${logins.join('; ') || 'none'}; ` +
          `page at ${page.url()}, session stored: ${stored}`,
        { cause: outcome },
      )
    }
  }
}

/**
 * Logs the page in without the login modal: the API's login (which sets the refresh cookie in this browser) and
 * the session the app keeps in localStorage, as the modal would leave them. For tests whose subject is not the login.
 */
export async function logInQuietly(page: Page, url: string, phone: string, type: 'customer' | 'executor') {
  await page.goto(`${url}/about`)
  await page.evaluate(
    async ({ phone, password, type }) => {
      const response = await fetch('/api/fika/freelancer/v1.0.1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: phone, password, type }),
      })
      const { token, profile } = (await response.json()) as { token: string; profile: unknown }
      localStorage.setItem('fika.session', JSON.stringify({ state: { token, profile }, version: 0 }))
    },
    { phone, password: DEMO_PASSWORD, type },
  )
}

/** An access token of a demo account, straight from the API (for setting up and checking what the UI did). */
export async function apiLogin(url: string, username: string, type: 'customer' | 'executor' = 'customer') {
  const response = await fetch(`${url}/api/fika/freelancer/v1.0.1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, type }),
  })
  return ((await response.json()) as { token: string }).token
}

/**
 * The demo customer, logged in (without the modal: the wizard is these tests' subject, and the modal has its own),
 * on the cleaning wizard's work-place form with the service worker in control; the context has no locale, which
 * offline navigation needs.
 */
export async function customerOnWizard(product: { url: string; browser: Browser }) {
  const context = await product.browser.newContext({ viewport: { width: 390, height: 844 } })
  const opened = await openPhone(product.browser, { context })
  const { page } = opened
  await logInQuietly(page, product.url, DEMO_CUSTOMER, 'customer')
  await page.goto(`${product.url}/domashniy-personal/uborka/work-place`)
  await page.waitForURL(/\?draft=/)
  await page.getByLabel('Что нужно сделать').waitFor()
  await waitForServiceWorker(page)
  return opened
}

/**
 * Buys a plan for a specialist through the API and the sandbox checkout (no provider keys in e2e): the checkout
 * answers our sandbox page, whose form is posted with `action=pay` as its Pay button would. For tests that need
 * a plan's features (docs/decisions/016) but whose subject is not the wallet.
 */
export async function buyPlan(
  url: string,
  token: string,
  plan: 'starter' | 'master' | 'professional',
  months: 1 | 2 | 3 = 1,
) {
  const checkout = await fetch(`${url}/api/fika/freelancer/v1.0.1/wallet/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ plan, months, provider: 'payme' }),
  })
  expect(checkout.status, await checkout.clone().text()).toBe(200)
  const { url: sandbox } = (await checkout.json()) as { url: string }
  const paid = await fetch(new URL(sandbox, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  })
  expect(paid.headers.get('location') ?? '').toMatch(/\/wallet\/success\?invoice_id=\d+$/)
}

/**
 * A new specialist registered through the API (the registration modal itself is proven in account.test.ts): the SMS
 * code from the dev adapter, the verified phone, and the demo password, so logInQuietly and logInThroughModal can
 * log them in. Without a plan, unlike the demo specialist (the demo seeds give them one).
 */
export async function registerSpecialist(url: string, name: string, surname: string) {
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${url}/api/fika/freelancer${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
  const phone = freshPhone()
  const { required_id } = await post<{ required_id: string }>('/sms/send', { phone, type: 'register' })
  await post('/sms/verify', { required_id, code: await lastSmsCode(url, phone) })
  const { token } = await post<{ token: string }>('/v1.0.1/auth/register', {
    name,
    surname,
    username: phone,
    password: DEMO_PASSWORD,
    password_confirmation: DEMO_PASSWORD,
    type: 'executor',
    required_id,
  })
  return { phone, token }
}
