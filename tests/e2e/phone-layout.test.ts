import type { Browser, Locator, Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import {
  apiLogin,
  buyPlan,
  DEMO_CUSTOMER,
  expectAccessible,
  openPhone,
  registerSpecialist,
  useProduct,
  waitForServiceWorker,
  waitUntilSaved,
} from './helpers.ts'

/**
 * Every screen of the app on a phone: each route at 360 and 390 px wide, as a guest, as a customer with an order that
 * has a reply, and as a specialist with a full profile. A page that scrolls sideways, logs a console error or has a
 * serious accessibility problem fails, and says which element sticks out.
 */

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'
const WIDTHS = [390, 360] as const
// As long as a title may be (TITLE_MAX): the buttons of /account's lists once carried these in full.
const LONG_TITLE =
  'Капитальный ремонт ванной комнаты под ключ с заменой всех труб, укладкой плитки и установкой душевой кабины'

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}${V1}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function upload(path: string, token: string) {
  const image = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg')
  const response = await fetch(`${product.url}${V1}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
}

type World = Awaited<ReturnType<typeof seed>>
let world: Promise<World> | undefined
/** Seeded once for the file: the specialist's full profile, the customer's order with its reply, a conversation. */
const seeded = () => (world ??= seed())

async function seed() {
  const specialist = await registerSpecialist(product.url, 'Shahriyorbek', 'Abdurakhmonov-Toshkentov')
  await buyPlan(product.url, specialist.token, 'professional')
  const me = await call<{ id: number; slug: string }>('GET', '/profile', specialist.token)
  await upload('/profile/avatar', specialist.token)
  const service = await call<{ id: number }>('GET', '/categories/mastera-po-remontu/restnew/elektrika')
  const category = await call<{ id: number; services: { id: number }[] }>(
    'GET',
    '/categories/mastera-po-remontu',
  )
  await call('POST', `/speciality/${me.id}/all`, specialist.token, {
    category: category.id,
    services: [{ service: service.id, price_from: 15_000_000, price_to: 120_000_000 }],
  })
  for (const name of [LONG_TITLE, `${LONG_TITLE.slice(0, 60)}-Сертификат_без_пробелов_ДлинноеСлово`]) {
    const document = await call<{ id: number }>('POST', '/documents', specialist.token, {
      name,
      description: 'Выдан учебным центром в Ташкенте.',
    })
    await upload(`/documents/${document.id}/files`, specialist.token)
    const work = await call<{ id: number }>('POST', '/works', specialist.token, {
      title: name,
      description: 'Работа заняла три недели.',
    })
    await upload(`/works/${work.id}/photos`, specialist.token)
  }

  const customerToken = await apiLogin(product.url, DEMO_CUSTOMER, 'customer')
  const order = await call<{ id: number }>('POST', '/orders', customerToken, {
    services: [service.id],
    name: 'Заменить проводку в двухкомнатной квартире на Юнусабаде',
    description: 'Старая алюминиевая проводка, 54 м², нужен новый щиток.',
    at_customer: true,
    address: 'Ташкент, Юнусабад, 4 квартал, дом 12',
    started_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    price_min: 150_000_000,
    price_max: 300_000_000,
  })
  await call('POST', `/orders/${order.id}/replies`, specialist.token, {
    message: 'Сделаю за два дня, свой инструмент и материалы по чеку.',
  })
  const chat = await call<{ id: number }>('POST', '/chats', customerToken, {
    user_id: me.id,
    order_id: order.id,
  })
  for (const text of ['Здравствуйте! Когда сможете приехать?', 'Завтра в десять утра, если удобно.']) {
    await call('POST', `/chats/${chat.id}/messages`, customerToken, { client_id: crypto.randomUUID(), text })
  }
  const direct = await call<{ id: number }>('POST', '/orders', customerToken, {
    services: [service.id],
    name: 'Повесить люстру в зале',
    at_customer: true,
    executor_id: me.id,
  })
  const posts = await call<{ collection: { slug: string }[] }>('GET', '/blog/posts')
  const blogCategories = await call<{ collection: { slug: string }[] }>('GET', '/blog/categories')
  const legal = await call<{ collection: { slug: string }[] }>('GET', '/legal')
  return {
    specialist: { ...specialist, id: me.id, slug: me.slug },
    customerToken,
    order: order.id,
    direct: direct.id,
    chat: chat.id,
    post: posts.collection[0]?.slug,
    blogCategory: blogCategories.collection[0]?.slug,
    legal: legal.collection[0]?.slug,
  }
}

/** Every route of src/routes, with the seeded rows for its parameters. */
function routes(w: World) {
  return [
    '/',
    '/about',
    '/contact',
    '/faq',
    '/forcustomers',
    '/graduates',
    '/patent',
    '/services-all',
    '/signup',
    '/support',
    '/termsofuse',
    '/usage',
    '/404',
    '/no-such-page/at-all',
    '/executors',
    '/orders',
    '/orders/map',
    '/blog',
    ...(w.post ? [`/blog/${w.post}`, `/post/${w.post}`] : []),
    ...(w.blogCategory ? [`/blog/category/${w.blogCategory}`] : []),
    '/legal',
    ...(w.legal ? [`/legal/${w.legal}`] : []),
    '/mastera-po-remontu',
    '/mastera-po-remontu/services',
    '/mastera-po-remontu/elektrika',
    '/mastera-po-remontu/elektrika/work-place',
    `/profile/${w.specialist.slug}`,
    `/to-profile/${w.specialist.id}`,
    `/feedbacks/${w.specialist.id}`,
    `/order/${w.order}`,
    '/account',
    '/bonus',
    '/notifications',
    '/chats',
    `/chats/${w.chat}`,
    '/direct/order',
    `/direct/order?executor=${w.specialist.id}`,
    `/direct/order/${w.direct}`,
    '/wallet',
    '/wallet/success',
    '/wallet/failed',
    // A guest is asked to log in, anyone but a moderator sees the missing page (admin-console.test.ts: a moderator).
    '/admin',
    '/admin/audit',
  ]
}

/** The page once its screen is drawn: a heading, nothing loading, no busy region. */
async function waitForScreen(page: Page, path: string) {
  await page
    .waitForFunction(
      () =>
        document.querySelector('main h1, h1') !== null &&
        !/Загрузка/.test(document.body.innerText) &&
        document.querySelector('[aria-busy="true"]') === null,
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {
      throw new Error(`${path}: the screen did not finish loading`)
    })
}

/**
 * What sticks out past the right edge when the page scrolls sideways: the outermost elements wider than the screen
 * (not those clipped by a scrolling or hidden-overflow box), each with its deepest descendant reaching as far, which
 * is usually the one to fix.
 */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth
    if (document.documentElement.scrollWidth <= width) return []
    const right = (element: Element) => element.getBoundingClientRect().right
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && right(parent) <= width + 0.5) return true
      }
      return false
    }
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect()
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/) : []
      const name = [element.tagName.toLowerCase(), ...classes.filter(Boolean)].join('.')
      return `${name} [${Math.round(box.left)}..${Math.round(box.right)}] "${(element.textContent ?? '').trim().slice(0, 40)}"`
    }
    return [...document.querySelectorAll('body *')]
      .filter((element) => right(element) > width + 0.5 && !clipped(element))
      .filter((element) => !element.parentElement || right(element.parentElement) <= width + 0.5)
      .slice(0, 4)
      .map((element) => {
        let deepest = element
        for (;;) {
          const child = [...deepest.children].find((kid) => right(kid) >= right(element) - 1)
          if (!child) break
          deepest = child
        }
        return deepest === element ? describe(element) : `${describe(element)} > ${describe(deepest)}`
      })
  })

/** A box that must lie inside the viewport (a dropdown, a dialog). */
async function expectInside(page: Page, box: Locator, label: string) {
  const bounds = await box.boundingBox()
  const viewport = page.viewportSize()!
  expect(bounds, label).not.toBeNull()
  expect(
    { left: bounds!.x >= 0, right: bounds!.x + bounds!.width <= viewport.width },
    `${label}: ${JSON.stringify(bounds)} in ${viewport.width}`,
  ).toEqual({ left: true, right: true })
}

/** A phone page as a guest, or logged in with a session (the app keeps it in localStorage). */
async function phoneAs(browser: Browser, session: { token: string } | undefined) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' })
  if (session) {
    const profile = await call<unknown>('GET', '/profile', session.token)
    await context.addInitScript(
      (kept) => {
        if (!localStorage.getItem('fika.session'))
          localStorage.setItem('fika.session', JSON.stringify({ state: kept, version: 0 }))
      },
      { token: session.token, profile },
    )
  }
  return openPhone(browser, { context })
}

async function sweep(role: string, session: { token: string } | undefined) {
  const w = await seeded()
  const { page, problems, context } = await phoneAs(product.browser, session)
  const failures: string[] = []
  for (const path of routes(w)) {
    await page.setViewportSize({ width: WIDTHS[0], height: 844 })
    await page.goto(`${product.url}${path}`)
    await waitForScreen(page, path)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      const sticking = await overflow(page)
      if (sticking.length > 0) failures.push(`${role} ${path} at ${width}px: ${sticking.join('; ')}`)
    }
    await expectAccessible(page, `${role} ${path}`)
    expect(problems, `${role} ${path}`).toEqual([])
  }
  expect(failures).toEqual([])
  await context.close()
}

// Each sweep visits some forty routes twice over with axe-core: more than the e2e default of 90 s on a busy machine.
const SWEEP_TIMEOUT_MS = 180_000

describe('every screen on a phone', () => {
  test(
    'a guest sees every route at 360 and 390 px without sideways scroll, console errors or axe problems',
    () => sweep('guest', undefined),
    SWEEP_TIMEOUT_MS,
  )

  test(
    'a customer with an order that has a reply sees every route fit the phone',
    async () => sweep('customer', { token: (await seeded()).customerToken }),
    SWEEP_TIMEOUT_MS,
  )

  test(
    'a specialist with a full profile sees every route fit the phone',
    async () => sweep('specialist', { token: (await seeded()).specialist.token }),
    SWEEP_TIMEOUT_MS,
  )

  test("the bell's dropdown opens on screen and a conversation's newest message shows above the composer", async () => {
    const w = await seeded()
    const { page, problems } = await phoneAs(product.browser, { token: w.customerToken })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      await page.goto(`${product.url}/orders`)
      await waitForScreen(page, '/orders')
      await page.getByRole('button', { name: /^Уведомления/ }).click()
      await page.locator('.bell__panel').waitFor()
      await expectInside(page, page.locator('.bell__panel'), `the bell's dropdown at ${width}px`)
      await page.keyboard.press('Escape')
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 740 })
      await page.goto(`${product.url}/chats/${w.chat}`)
      const newest = page.getByText('Завтра в десять утра, если удобно.')
      await newest.waitFor()
      const composer = page.getByRole('textbox', { name: 'Сообщение' })
      const message = (await newest.boundingBox())!
      const field = (await composer.boundingBox())!
      expect(message.y + message.height, `the newest message at ${width}px`).toBeLessThanOrEqual(field.y)
      // The bottom bar is fixed over the page's foot: the composer must end above it, not behind it.
      const bar = (await page.locator('.bottom-menu').boundingBox())!
      expect(field.y + field.height, `the composer at ${width}px`).toBeLessThanOrEqual(bar.y)
    }
    expect(problems).toEqual([])
  })

  test("the share dialog fits the phone and shows the whole link, not only 'http'", async () => {
    const w = await seeded()
    const { page, problems } = await phoneAs(product.browser, { token: w.specialist.token })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      await page.goto(`${product.url}/account`)
      await waitForScreen(page, '/account')
      await page.getByRole('button', { name: 'Поделиться профилем' }).click()
      const dialog = page.getByRole('dialog', { name: 'Поделиться профилем' })
      const field = dialog.getByRole('textbox', { name: /Ссылка/ })
      await expect.poll(() => field.inputValue()).toContain(`/profile/${w.specialist.slug}`)
      await expectInside(page, dialog, `the share dialog at ${width}px`)
      // The field spans the dialog, so the link shows rather than its first letters.
      const shown = await field.evaluate((input: HTMLInputElement) => input.clientWidth)
      expect(shown, `the link field's width at ${width}px`).toBeGreaterThan(240)
      await page.keyboard.press('Escape')
    }
    expect(problems).toEqual([])
  })

  test("the payment sandbox page fits the phone and names the plan and the amount in the reader's language", async () => {
    const w = await seeded()
    const { page } = await phoneAs(product.browser, undefined)
    const checkout = await call<{ url: string }>('POST', '/wallet/checkout', w.specialist.token, {
      plan: 'starter',
      months: 2,
      provider: 'payme',
    })
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      await page.goto(`${product.url}${checkout.url}`)
      await page.getByRole('button', { name: 'Оплатить' }).waitFor()
      expect(await overflow(page), `the sandbox page at ${width}px`).toEqual([])
      const details = await page.locator('dl').innerText()
      expect(details).toContain('Стартер')
      expect(details).toMatch(/98\s000 сум/)
      expect(details).not.toMatch(/starter|so'm/)
    }
    await expectAccessible(page, 'the payment sandbox page')
  })

  test("the direct-order form and /bonus use the app's controls: its font, its fields and buttons, no raw boxes", async () => {
    const w = await seeded()
    const { page, problems } = await phoneAs(product.browser, { token: w.customerToken })
    const look = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const style = getComputedStyle(element)
          return {
            font: style.fontFamily,
            border: style.borderTopWidth,
            radius: style.borderTopLeftRadius,
            background: style.backgroundColor,
          }
        })
    await page.goto(`${product.url}/direct/order?executor=${w.specialist.id}`)
    await page.getByRole('radio', { name: 'Электрика' }).waitFor()
    const body = await look('body')
    expect((await look('textarea')).font, 'a textarea').toBe(body.font)
    expect((await look('fieldset')).border, "a fieldset's frame").toBe('0px')
    expect((await look('.choice__option')).radius, 'an option').toBe('12px')

    await page.goto(`${product.url}/bonus`)
    const copy = page.getByRole('button', { name: 'Копировать' })
    await copy.waitFor()
    expect((await copy.evaluate((element) => getComputedStyle(element).backgroundColor)) as string).toBe(
      'rgb(11, 110, 79)',
    )
    expect((await look('input[readonly]')).radius, 'the link field').toBe('8px')
    expect(problems).toEqual([])
  })

  test('a guest who loses the connection on a saved page sees one banner saying so, not two', async () => {
    const { page, context, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/about`)
    await waitForScreen(page, '/about')
    await waitUntilSaved(page, 'page:about')
    await page.goto(`${product.url}/faq`)
    await waitForScreen(page, '/faq')
    // With the service worker in control, the app's parts that load after the first screen load offline too.
    await waitForServiceWorker(page)
    await context.setOffline(true)
    // Back to /about inside the app, as its back button would: the page comes from this device.
    await page.evaluate(() => {
      history.pushState({}, '', '/about')
      dispatchEvent(new PopStateEvent('popstate'))
    })
    await page.getByText(/^Нет подключения: показаны данные, сохранённые на этом устройстве/).waitFor()
    // The app-wide offline banner is there (it loads after the first screen), and only one banner shows.
    await page.locator('.offline-notice').waitFor({ state: 'attached' })
    const banners = page.getByText(/Нет подключения/)
    const shown = await banners.evaluateAll(
      (elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null).length,
    )
    expect(shown).toBe(1)
    await context.setOffline(false)
    expect(problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(problem))).toEqual(
      [],
    )
    await context.close()
  })
})
