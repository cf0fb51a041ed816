import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { tilesAhead } from '#src/features/map/map-tiles-ahead.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  expectAccessible,
  openPhone,
  useProduct,
  waitForServiceWorker,
  waitUntilSaved,
} from './helpers.ts'
import { tileColourShare, useTileServer } from './tile-server.ts'

// The maps' tiles come from a tile server on this machine (MAP_STYLE_URL): nothing leaves the machine.
const tiles = useTileServer()
const product = useProduct(tiles.env)

const V1 = '/api/fika/freelancer/v1.0.1'
const HOUR = 3600 * 1000

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

type Place = { name: string; address: string; landmark: string; lat: number; lng: number; startsIn: number }

const KITCHEN: Place = {
  name: 'Заменить проводку на кухне',
  address: 'Юнусабад, 4-й квартал, дом 7, кв. 21',
  landmark: 'рядом со школой №5, синие ворота',
  lat: 41.363412,
  lng: 69.285731,
  startsIn: 1 * HOUR,
}
const CUPBOARD: Place = {
  name: 'Собрать шкаф в прихожей',
  address: 'Чиланзар, 9-й квартал, дом 3, кв. 40',
  landmark: 'за рынком, вход со двора',
  lat: 41.285611,
  lng: 69.203476,
  startsIn: 25 * HOUR,
}
/** Three more jobs of the week, for a day of five as the figures count it. */
const MORE: Place[] = [
  ['Повесить люстру в зале', 'Мирзо-Улугбек, ул. Буюк Ипак Йули, 12', 'напротив аптеки', 41.3265, 69.3341],
  [
    'Починить розетки в детской',
    'Яккасарай, ул. Шота Руставели, 45',
    'жёлтый дом за почтой',
    41.2881,
    69.2555,
  ],
  ['Установить счётчик', 'Сергели, 5-й квартал, дом 18', 'у остановки «Сергели-5»', 41.2209, 69.2187],
].map(([name, address, landmark, lat, lng], index) => ({
  name: String(name),
  address: String(address),
  landmark: String(landmark),
  lat: Number(lat),
  lng: Number(lng),
  startsIn: (49 + 24 * index) * HOUR,
}))

let photo: Promise<Buffer> | undefined

/**
 * The customer adds a photo of the work to their open order, as the wizard's upload does: of a phone photo's size
 * after the wizard's compression (1920 px, about 250 KB), so the bytes kept on the device are a day's.
 */
async function addPhoto(orderId: number, token: string) {
  photo ??= sharp({
    create: {
      width: 1920,
      height: 1440,
      channels: 3,
      background: '#2a6f97',
      noise: { type: 'gaussian', mean: 120, sigma: 24 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 80 })
    .toBuffer()
  const bytes = await photo
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'kitchen.jpg')
  const response = await fetch(`${product.url}${V1}/orders/${orderId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (!response.ok) throw new Error(`photo of ${orderId}: ${response.status} ${await response.text()}`)
}

/** The demo customer publishes the order, the demo specialist replies, is chosen and accepts: a job of their day. */
async function acceptedJob(place: Place, tokens: { customer: string; executor: string }, executorId: number) {
  const service = await fetch(`${product.url}${V1}/categories/mastera-po-remontu/restnew/elektrika`)
  const start = Date.now() + place.startsIn
  const order = await api<{ id: number }>('POST', '/orders', tokens.customer, {
    services: [((await service.json()) as { id: number }).id],
    name: place.name,
    at_customer: true,
    area: 'Ташкент',
    address: place.address,
    landmark: place.landmark,
    lat: place.lat,
    lng: place.lng,
    started_at: new Date(start).toISOString(),
    ended_at: new Date(start + 2 * HOUR).toISOString(),
    price: 25_000_000,
  })
  await addPhoto(order.id, tokens.customer)
  await api('POST', `/orders/${order.id}/replies`, tokens.executor, { message: 'Приеду вовремя.' })
  await api('POST', `/orders/${order.id}/actions/choose`, tokens.customer, { executor_id: executorId })
  await api('POST', `/orders/${order.id}/actions/accept`, tokens.executor, {})
  return order.id
}

/** The login answer the app keeps: its token and the person's profile. */
const loginAs = (phone: string, type: 'customer' | 'executor') =>
  fetch(`${product.url}${V1}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: phone, password: 'fika-demo-2026', type }),
  }).then((response) => response.json() as Promise<{ token: string; profile: { id: number } }>)

/**
 * A 360 px phone on which the person of `session` is logged in, in a context with no locale (it would break offline
 * service workers).
 */
async function phoneWithSession(browser: Browser, session: { token: string; profile: unknown }) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await context.addInitScript((kept) => {
    if (!localStorage.getItem('fika.session'))
      localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 }))
  }, session)
  return openPhone(browser, { context })
}

/**
 * What the Today view keeps on the device: its IndexedDB rows (the jobs and the order pages they fill in) and, by
 * cache, the Cache Storage entries of the photos, tiles, map style and map code it showed or kept ahead.
 */
function keptBytes(page: Page, orderIds: number[]) {
  return page.evaluate(async (ids) => {
    const keys = new Set(['workday:today', ...ids.map((id) => `order:${id}`)])
    const rows = await new Promise<{ key: string }[]>((resolve, reject) => {
      const open = indexedDB.open('fika')
      open.onerror = () => reject(open.error)
      open.onsuccess = () => {
        const db = open.result
        const request = db.transaction('responses').objectStore('responses').getAll()
        request.onsuccess = () => {
          db.close()
          resolve(request.result as { key: string }[])
        }
        request.onerror = () => reject(request.error)
      }
    })
    const database = rows
      .filter((row) => keys.has(row.key))
      .reduce((sum, row) => sum + new Blob([JSON.stringify(row)]).size, 0)
    const cached: Record<string, { entries: number; bytes: number }> = {}
    for (const name of ['order-photos', 'images', 'map-tiles', 'map-style', 'map-code']) {
      if (!(await caches.has(name))) continue
      const cache = await caches.open(name)
      const requests = await cache.keys()
      let bytes = 0
      for (const request of requests) bytes += (await (await cache.match(request))!.blob()).size
      cached[name] = { entries: requests.length, bytes }
    }
    return { database, cached }
  }, orderIds)
}

/** The addresses in one of the service worker's caches. */
const cachedUrls = (page: Page, cacheName: string) =>
  page.evaluate(
    async (name) =>
      (await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => r.url) : [],
    cacheName,
  )

const cardOf = (page: Page, name: string) => page.getByRole('article', { name })

type Progress = { step: string; eta_minutes: number | null; tapped_at: string }[]

describe('the specialist’s day', () => {
  test('reads offline after one visit, takes the three steps offline, and delivers them once, in order', async () => {
    const customerToken = await apiLogin(product.url, DEMO_CUSTOMER, 'customer')
    const executorSession = await loginAs(DEMO_EXECUTOR, 'executor')
    const tokens = { customer: customerToken, executor: executorSession.token }
    // The five jobs of the week, published and accepted side by side.
    const ids = await Promise.all(
      [KITCHEN, CUPBOARD, ...MORE].map((place) => acceptedJob(place, tokens, executorSession.profile.id)),
    )
    const [kitchen, cupboard] = ids as [number, number]
    const more = ids.slice(2)

    const { page, context } = await phoneWithSession(product.browser, executorSession)
    await page.goto(`${product.url}/orders`)
    // The visit the day is kept from is one the service worker sees (a first page loads before it takes over).
    await waitForServiceWorker(page)
    await page.getByRole('link', { name: 'Сегодня', exact: true }).click()
    await page.waitForURL(/\/orders\/today$/)
    await cardOf(page, KITCHEN.name).getByText(KITCHEN.landmark).waitFor()
    await waitUntilSaved(page, 'workday:today')
    // No map is opened online: the visit itself keeps the maps' code and the tiles around every job (at the zooms a
    // job's map opens at, PLACE_ZOOM and one out), in the service worker's caches, 10 s after the view opened
    // (KEEP_MAPS_AFTER_MS: the first seconds of a slow network are the person's).
    const tileStyle = {
      version: 8 as const,
      sources: {
        streets: {
          type: 'raster' as const,
          tiles: [tiles.env.MAP_STYLE_URL!.replace('/style.json', '/tiles/{z}/{x}/{y}.png')],
          tileSize: 256,
          maxzoom: 19,
        },
      },
      layers: [],
    }
    const tilesOfTheDay = tilesAhead(tileStyle, [KITCHEN, CUPBOARD, ...MORE], [15, 16])
    expect(tilesOfTheDay.length).toBeGreaterThan(20)
    await expect
      .poll(
        async () => {
          const kept = new Set(await cachedUrls(page, 'map-tiles'))
          return tilesOfTheDay.filter((url) => !kept.has(url))
        },
        { timeout: 45_000 },
      )
      .toEqual([])
    await expect
      .poll(
        async () =>
          (await cachedUrls(page, 'map-code')).map((url) => /\/assets\/([a-z-]+)-/.exec(url)?.[1]).sort(),
        {
          timeout: 30_000,
        },
      )
      .toEqual(expect.arrayContaining(['maplibre-gl-worker', 'maplibre-map', 'uzbekistan-outline']))
    await expectAccessible(page, 'the Today view')
    const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    expect(await noSideways()).toBe(true)

    // The photos shown are kept by the service worker (HTTP's own cache may be gone by the time the network is).
    await expect
      .poll(() =>
        page.evaluate(async () => (await (await caches.open('order-photos')).keys()).map((r) => r.url)),
      )
      .toHaveLength(5)

    await context.setOffline(true)
    await page.reload()
    await page.getByText(/^Нет сети: показано на .*\d\d:\d\d$/).waitFor()
    for (const place of [KITCHEN, CUPBOARD]) {
      const card = cardOf(page, place.name)
      await card.getByText(place.address).waitFor()
      await card.getByText(place.landmark).waitFor()
      // The photo's thumbnail, drawn from the service worker's cache.
      await expect
        .poll(() => card.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0)
      await card.getByRole('button', { name: 'Показать на карте', exact: true }).click()
      // The map's view mounts from the code the service worker kept. NOTE: only the first map is awaited drawn:
      // headless Chromium's software WebGL did not start a second map's canvas here.
      if (place !== KITCHEN) {
        await card.locator('.map-view').first().waitFor()
        continue
      }
      // Drawn with the street tiles kept on the first visit (all of the tile server's colour), never opened online.
      const map = card.locator('.maplibregl-map')
      await map.locator('canvas').waitFor()
      await expect
        .poll(async () => tileColourShare(await map.screenshot()), { timeout: 20_000 })
        .toBeGreaterThan(0.5)
    }
    const kitchenCard = cardOf(page, KITCHEN.name)
    await kitchenCard.getByLabel('Буду через').selectOption('45')
    await kitchenCard.getByRole('button', { name: 'В пути' }).click()
    await kitchenCard.getByText(/^В пути — нажато в \d\d:\d\d, буду через 45 мин, ждёт сети$/).waitFor()
    await kitchenCard.getByRole('button', { name: 'На месте' }).click()
    await kitchenCard.getByText(/^На месте — нажато в \d\d:\d\d, ждёт сети$/).waitFor()
    await kitchenCard.getByRole('button', { name: 'Работа выполнена' }).click()
    await kitchenCard.getByText(/^Работа выполнена — нажато в \d\d:\d\d, ждёт сети$/).waitFor()
    await kitchenCard.getByText(/Заказчика попросили подтвердить/).waitFor()
    await expectAccessible(page, 'the Today view offline with steps waiting')
    expect(await noSideways()).toBe(true)

    // The job's order page reads offline too, from the copy the Today view kept.
    await kitchenCard.getByRole('link', { name: KITCHEN.name, exact: true }).click()
    await page.getByRole('heading', { name: KITCHEN.name, level: 1 }).waitFor()
    await page.getByText(KITCHEN.address).first().waitFor()
    await page.goBack()
    await kitchenCard.getByText(/^Работа выполнена — нажато в \d\d:\d\d, ждёт сети$/).waitFor()

    const kept = await keptBytes(page, [kitchen, cupboard, ...more])
    const cachedTotal = Object.values(kept.cached).reduce((sum, each) => sum + each.bytes, 0)
    const byCache = Object.entries(kept.cached).map(
      ([name, each]) => `${name} ${each.bytes} B in ${each.entries}`,
    )
    console.log(
      `A day of 5 jobs kept on the device: ${kept.database + cachedTotal} bytes: IndexedDB rows ${kept.database} B; Cache Storage ${byCache.join(', ')}`,
    )

    // The customer has the order open on their own phone, online, and sees no step yet.
    const customerSession = await loginAs(DEMO_CUSTOMER, 'customer')
    const watching = await phoneWithSession(product.browser, customerSession)
    await watching.page.goto(`${product.url}/order/${kitchen}`)
    const stepsSeen = watching.page.getByRole('region', { name: 'Отметки специалиста' })
    await stepsSeen.getByText(/^Специалист ещё не выехал/).waitFor()

    const backOnline = Date.now()
    await context.setOffline(false)
    // Live on the customer's page, without a reload.
    await expect
      .poll(() => stepsSeen.getByRole('listitem').allTextContents(), { timeout: 60_000 })
      .toEqual([
        expect.stringMatching(/^В пути — \d\d:\d\d, будет примерно через 45 мин$/),
        expect.stringMatching(/^На месте — \d\d:\d\d$/),
        expect.stringMatching(/^Работа выполнена — \d\d:\d\d$/),
      ])
    console.log(
      `The customer's open order page showed all three steps ${Date.now() - backOnline} ms after the network returned`,
    )
    await expectAccessible(watching.page, 'the customer’s order page with the three steps')
    expect(watching.problems).toEqual([])
    await watching.context.close()
    const progressOf = async () =>
      (await api<{ progress?: Progress }>('GET', `/orders/${kitchen}`, customerToken)).progress ?? []
    await expect.poll(async () => (await progressOf()).length, { timeout: 60_000 }).toBe(3)
    console.log(`Steps on the server ${Date.now() - backOnline} ms after the network returned`)

    const progress = await progressOf()
    expect(progress.map((entry) => [entry.step, entry.eta_minutes])).toEqual([
      ['on_my_way', 45],
      ['arrived', null],
      ['done', null],
    ])
    const times = progress.map((entry) => Date.parse(entry.tapped_at))
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times[2]!).toBeLessThan(backOnline)

    await kitchenCard.getByText(/^Работа выполнена — в \d\d:\d\d$/).waitFor()
    const notifications = await api<{ collection: { type_push: string; link: string }[] }>(
      'GET',
      '/profile/notification?perPage=50',
      customerToken,
    )
    const kinds = notifications.collection
      .filter((notification) => notification.link === `/order/${kitchen}`)
      .map((notification) => notification.type_push)
    for (const kind of ['order_on_my_way', 'order_arrived', 'order_done'])
      expect(
        kinds.filter((each) => each === kind),
        kind,
      ).toHaveLength(1)
    expect(
      (await api<{ progress?: Progress }>('GET', `/orders/${cupboard}`, customerToken)).progress,
    ).toEqual([])
    await expectAccessible(page, 'the Today view with the steps delivered')
    await context.close()
  })

  test('a step tapped offline on a page since closed is delivered by the browser’s Background Sync', async () => {
    const customerToken = await apiLogin(product.url, DEMO_CUSTOMER, 'customer')
    const executorSession = await loginAs(DEMO_EXECUTOR, 'executor')
    const tokens = { customer: customerToken, executor: executorSession.token }
    const gate: Place = {
      name: 'Починить замок калитки',
      address: 'Шайхантахур, ул. Навои, 30',
      landmark: 'зелёная калитка у чайханы',
      lat: 41.3225,
      lng: 69.2402,
      startsIn: 3 * HOUR,
    }
    const orderId = await acceptedJob(gate, tokens, executorSession.profile.id)

    const { page, context } = await phoneWithSession(product.browser, executorSession)
    await page.goto(`${product.url}/orders/today`)
    await waitForServiceWorker(page)
    await page.reload()
    const card = cardOf(page, gate.name)
    await card.getByText(gate.landmark).waitFor()
    await context.setOffline(true)
    await card.getByLabel('Буду через').selectOption('30')
    await card.getByRole('button', { name: 'В пути' }).click()
    // The estimate shows while the step waits, not only once the server has it.
    await card.getByText(/^В пути — нажато в \d\d:\d\d, буду через 30 мин, ждёт сети$/).waitFor()
    const tappedBy = Date.now()
    // No page of the app is left to send it when the network returns: only the service worker can.
    await page.close()
    await context.setOffline(false)

    // What the browser does when it sees the network again, through DevTools: Playwright's network switch is not seen
    // by Chromium's Background Sync. A blank page carries the DevTools session; it runs none of the app.
    const blank = await context.newPage()
    const devtools = await context.newCDPSession(blank)
    const scope = `${product.url}/`
    const registration = new Promise<{ registrationId: string }>((resolve) =>
      devtools.on('ServiceWorker.workerRegistrationUpdated', (event) => {
        const ours = event.registrations.find((each) => each.scopeURL === scope && !each.isDeleted)
        if (ours) resolve(ours)
      }),
    )
    await devtools.send('ServiceWorker.enable')
    const { registrationId } = await registration
    await devtools.send('ServiceWorker.dispatchSyncEvent', {
      origin: product.url,
      registrationId,
      tag: 'workbox-background-sync:fika-outbox',
      lastChance: false,
    })

    const progressOf = async () =>
      (await api<{ progress?: Progress }>('GET', `/orders/${orderId}`, customerToken)).progress ?? []
    await expect.poll(async () => (await progressOf()).length, { timeout: 30_000 }).toBe(1)
    const [step] = await progressOf()
    expect([step!.step, step!.eta_minutes]).toEqual(['on_my_way', 30])
    expect(Date.parse(step!.tapped_at)).toBeLessThanOrEqual(tappedBy)
    await context.close()
  })
})
