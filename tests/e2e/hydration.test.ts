import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { apiLogin, DEMO_CUSTOMER, DEMO_EXECUTOR, openPhone, useProduct } from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${product.url}${V1}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300)
  return (await response.json()) as Record<string, unknown>
}

/** A new open order of the demo customer: a new row in the lists, a public page of its own. */
async function publishOrder(name: string) {
  const service = (await (
    await fetch(`${product.url}${V1}/categories/mastera-po-remontu/restnew/elektrika`)
  ).json()) as { id: number }
  const token = await apiLogin(product.url, DEMO_CUSTOMER)
  return (await call('POST', '/orders', token, {
    name,
    services: [service.id],
    is_online: true,
    price: 20_000_000,
  })) as { id: number }
}

/**
 * The page fully taken over: the parts that wait for the first load (the footer, the news strip) run, and the
 * fresh copy each screen asks for then has come back.
 */
async function takenOver(page: Page) {
  await page.waitForFunction(
    () => {
      const link = document.querySelector('footer.footer a[href="/about"]')
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps'))
    },
    undefined,
    { timeout: 30_000 },
  )
  await page.waitForLoadState('networkidle')
}

/** The public pages; `{me}`, `{slug}`, `{order}` and the blog's `{post}` and `{topic}` are filled in per run. */
const PAGES = [
  '/',
  '/?lang=oz',
  '/?lang=uz',
  '/?lang=en',
  '/services-all',
  '/mastera-po-remontu/services',
  '/blog?lang=uz',
  '/blog/category/{topic}',
  '/blog/{post}?lang=oz',
  '/executors',
  '/executors?lang=oz',
  '/orders',
  '/orders?lang=uz',
  '/profile/{slug}',
  '/profile/{slug}?lang=oz',
  '/feedbacks/{me}?lang=oz',
  '/order/{order}',
  '/order/{order}?lang=uz',
]

describe('the app taking over a page the server drew', () => {
  const known = {} as { executor: string; me: number; fill: (path: string) => string }
  let change = 0
  beforeAll(async () => {
    known.executor = await apiLogin(product.url, DEMO_EXECUTOR, 'executor')
    const me = (await call('GET', '/profile', known.executor)) as { id: number; slug: string }
    known.me = me.id
    const post = (
      (await (await fetch(`${product.url}${V1}/blog/posts?perPage=1`)).json()) as {
        collection: { slug: string; category: { slug: string } }[]
      }
    ).collection[0]!
    const order = await publishOrder('Заменить розетки на кухне')
    const values: Record<string, string> = {
      me: String(me.id),
      slug: me.slug,
      order: String(order.id),
      post: post.slug,
      topic: post.category.slug,
    }
    known.fill = (path) => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!)
  })

  // One page a test: each is a first visit, and a slow machine's time is counted per page.
  test.each(PAGES)(
    '%s taken over after its data changed within the minute shows no hydration error',
    async (pattern) => {
      const path = known.fill(pattern)
      // A visitor's device outside Tashkent; every load is a first visit (a service worker would answer with the
      // cached shell instead of the server's page).
      const context = await product.browser.newContext({
        timezoneId: 'America/New_York',
        locale: 'ru-RU',
        serviceWorkers: 'block',
      })
      const { page, problems } = await openPhone(product.browser, { context })
      // Drawn and kept by the server.
      await page.goto(`${product.url}${path}`)
      // The data behind it changes: a new order, a profile edit, a busy time on the calendar.
      change += 1
      await publishOrder(`Повесить люстру в зале №${change}`)
      await call('PUT', `/profile/${known.me}`, known.executor, {
        about: `Работаю без выходных, выезд №${change}.`,
      })
      const start = Date.now() + change * 24 * 3600_000
      await call('POST', '/calendar', known.executor, {
        title: `Объект №${change}`,
        started_at: new Date(start).toISOString(),
        ended_at: new Date(start + 3600_000).toISOString(),
        period: 'once',
      })
      // Within the minute: the kept page, then the fresh copy each screen asks for.
      await page.goto(`${product.url}${path}`)
      expect(await page.locator('#root[data-rendered]').count(), path).toBe(1)
      await takenOver(page)
      expect(problems, path).toEqual([])
      await context.close()
    },
  )

  test('a profile drawn before midnight and taken over after it first draws the server’s days, without a hydration error', async () => {
    const executor = await apiLogin(product.url, DEMO_EXECUTOR, 'executor')
    const me = (await call('GET', '/profile', executor)) as { slug: string }
    const context = await product.browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' })
    const { page, problems } = await openPhone(product.browser, { context })
    // The server drew and kept the page; by the time this device takes it over, its clock reads a week later (a
    // kept page crosses a midnight the same way, a day at a time).
    await page.goto(`${product.url}/profile/${me.slug}`)
    const weekLater = Date.now() + 7 * 24 * 3600_000
    await page.clock.setFixedTime(weekLater)
    await page.goto(`${product.url}/profile/${me.slug}`)
    await takenOver(page)
    expect(problems).toEqual([])
    await context.close()
  })

  test('a language chosen while the app takes a drawn page over reloads it in that language without a hydration error', async () => {
    const context = await product.browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' })
    const { page, problems } = await openPhone(product.browser, { context })
    // Told by the page itself: the page cannot be asked while the reload is pending.
    let tookOver!: () => void
    const started = new Promise<void>((resolve) => (tookOver = resolve))
    await page.exposeFunction('appTookOver', () => tookOver())
    await page.addInitScript(() => {
      // At this point the document has no element yet: the whole of it is watched.
      new MutationObserver(() => {
        if (document.documentElement.hasAttribute('data-started'))
          (window as unknown as { appTookOver: () => void }).appTookOver()
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-started'] })
    })
    // The app has started (it asks for the page's language catalog) but not yet taken the page over: the catalog
    // waits until the visitor has chosen another language, and the reload that choice starts waits until the app
    // has taken this page over.
    let catalogAsked!: () => void
    const asked = new Promise<void>((resolve) => (catalogAsked = resolve))
    let releaseCatalog!: () => void
    const catalogReleased = new Promise<void>((resolve) => (releaseCatalog = resolve))
    await page.route(/\/assets\/messages-[^/]*\.js$/, async (route) => {
      catalogAsked()
      await catalogReleased
      await route.continue()
    })
    const opening = page.goto(`${product.url}/?lang=oz`).catch(() => undefined)
    await asked
    let releaseReload!: () => void
    const reloadReleased = new Promise<void>((resolve) => (releaseReload = resolve))
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        await reloadReleased
        await route.continue()
      },
    )
    await page.getByLabel('Til').selectOption('uz')
    releaseCatalog()
    await started
    releaseReload()
    await opening
    await page.getByRole('heading', { level: 1, name: /мутахассис/ }).waitFor()
    await page.waitForFunction(
      () =>
        document.documentElement.lang === 'uz-Cyrl' && document.documentElement.hasAttribute('data-started'),
    )
    expect(problems).toEqual([])
    await context.close()
  })

  test('a tap on "Log in" before the app has taken the drawn page over opens the login once it has', async () => {
    const context = await product.browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' })
    const { page, problems } = await openPhone(product.browser, { context })
    // The app has started but waits for the page's language catalog: the button is drawn and does not answer yet.
    let catalogAsked!: () => void
    const asked = new Promise<void>((resolve) => (catalogAsked = resolve))
    let releaseCatalog!: () => void
    const catalogReleased = new Promise<void>((resolve) => (releaseCatalog = resolve))
    await page.route(/\/assets\/messages-[^/]*\.js$/, async (route) => {
      catalogAsked()
      await catalogReleased
      await route.continue()
    })
    // Russian, the default, comes with the first load: English has a catalog of its own to wait for.
    const opening = page.goto(`${product.url}/?lang=en`)
    await asked
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    expect(await page.locator('html').getAttribute('data-started')).toBeNull()
    releaseCatalog()
    await opening
    await page.getByRole('dialog', { name: 'Log in' }).getByLabel('Phone number').waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
