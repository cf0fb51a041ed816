import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { apiLogin, DEMO_CUSTOMER, openPhone, useProduct } from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

/** A live specialist of the demo seeds, by the public list. */
async function demoSpecialist() {
  const response = await fetch(`${product.url}${V1}/executors?per_page=1`)
  const { collection } = (await response.json()) as {
    collection: { id: number; slug: string; name: string }[]
  }
  return collection[0]!
}

/** What the page's head says once the page has settled. */
const headOf = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) =>
      link.getAttribute('href'),
    ),
    alternates: document.querySelectorAll('link[rel="alternate"][hreflang]').length,
    serverTags: document.querySelectorAll('meta[data-server-head], link[data-server-head]').length,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (script) => (JSON.parse(script.textContent ?? '{}') as { '@type': string })['@type'],
    ),
  }))

describe('the heads of public pages', () => {
  test('without JavaScript a page still has its own title, description and structured data', async () => {
    const specialist = await demoSpecialist()
    const context = await product.browser.newContext({ javaScriptEnabled: false, locale: 'ru-RU' })
    const page = await context.newPage()
    await page.goto(`${product.url}/domashniy-personal/services`)
    expect(await page.title()).toBe('Домашний персонал — Fika')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
    await page.goto(`${product.url}/profile/${specialist.slug}?lang=en`)
    expect(await page.title()).toContain(specialist.name)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    const person = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    )
    expect(person).toMatchObject({ '@type': 'Person' })
    await context.close()
  })

  test('with JavaScript the screen draws its own head in place of the server copy, without errors', async () => {
    const { page, context, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    const home = await headOf(page)
    // One canonical link and one set of alternates: the server's copy gave way to the app's.
    // (A page the app took over keeps the tags; one drawn by the app alone has only its own.)
    expect(home.canonical).toEqual([`${product.url}/`])
    expect(home.alternates).toBe(5)
    // The structured data stays, and the strict CSP does not object to it (no console error).
    expect(home.jsonLd).toEqual(['Organization', 'FAQPage'])

    await page.goto(`${product.url}/faq`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect((await headOf(page)).jsonLd).toEqual(['FAQPage'])
    expect(problems).toEqual([])
    await context.close()
  })
})

/** A blog post of the seeds, by the public list. */
async function blogPost() {
  const response = await fetch(`${product.url}${V1}/blog/posts?perPage=1`, {
    headers: { 'accept-language': 'en' },
  })
  const { collection } = (await response.json()) as { collection: { slug: string; title: string }[] }
  return collection[0]!
}

/** An open order of the demo customer: a public page while nobody has been chosen. */
async function openOrder() {
  const service = (await (
    await fetch(`${product.url}${V1}/categories/mastera-po-remontu/restnew/elektrika`)
  ).json()) as {
    id: number
  }
  const token = await apiLogin(product.url, DEMO_CUSTOMER)
  const response = await fetch(`${product.url}${V1}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name: 'Заменить розетки на кухне',
      services: [service.id],
      is_online: true,
      price: 20_000_000,
    }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { id: number }
}

describe('public pages rendered on the server', () => {
  test('without JavaScript the home page, a category, a profile and a blog post show their content', async () => {
    const specialist = await demoSpecialist()
    const post = await blogPost()
    const context = await product.browser.newContext({ javaScriptEnabled: false, locale: 'ru-RU' })
    const page = await context.newPage()

    await page.goto(`${product.url}/`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Найдите специалиста для любой задачи',
    )
    await expect(
      page
        .getByRole('link', { name: /Домашний персонал/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true)
    // The categories' row is laid out before its slider script runs: cards side by side, none over another.
    const cards = await page
      .getByRole('region', { name: 'Категории' })
      .locator('.category-card')
      .evaluateAll((found) =>
        found.slice(0, 3).map((card) => card.getBoundingClientRect().toJSON() as DOMRect),
      )
    expect(cards[0]!.width).toBeGreaterThan(200)
    expect(cards[1]!.left).toBeGreaterThanOrEqual(cards[0]!.right)
    expect(cards[2]!.left).toBeGreaterThanOrEqual(cards[1]!.right)

    await page.goto(`${product.url}/domashniy-personal/services?lang=en`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Household staff')
    await expect(page.getByRole('link', { name: 'Cleaning' }).first().isVisible()).resolves.toBe(true)

    await page.goto(`${product.url}/profile/${specialist.slug}`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(specialist.name)

    await page.goto(`${product.url}/blog/${post.slug}?lang=en`)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(post.title)
    await context.close()
  })

  test('with JavaScript every public page takes over the server HTML without a hydration error', async () => {
    const specialist = await demoSpecialist()
    const post = await blogPost()
    const order = await openOrder()
    // A visitor's device outside Tashkent time: the first render still writes the server's times. Every page is a
    // first visit: once the service worker runs, it answers navigations with the cached shell (offline first).
    const context = await product.browser.newContext({
      timezoneId: 'Europe/London',
      locale: 'ru-RU',
      serviceWorkers: 'block',
    })
    const { page, problems } = await openPhone(product.browser, { context })
    const pages = [
      '/',
      '/?lang=en',
      '/?lang=oz',
      '/?lang=uz',
      '/services-all',
      '/domashniy-personal/services',
      '/domashniy-personal/uborka/work-place',
      '/about',
      '/faq',
      '/legal',
      '/blog',
      `/blog/${post.slug}`,
      '/executors',
      '/orders',
      '/support',
      `/profile/${specialist.slug}`,
      `/feedbacks/${specialist.id}`,
      `/order/${order.id}`,
    ]
    for (const path of pages) {
      await page.goto(`${product.url}${path}`)
      expect(await page.locator('#root[data-rendered]').count(), path).toBe(1)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.waitForLoadState('networkidle')
      expect(problems, path).toEqual([])
    }
    await context.close()
  })

  test('the footer and the news strip take over after the first load without an error, then work in the app', async () => {
    const { page, context, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}/`)
    const footer = page.locator('footer.footer')
    // Drawn by the server, in the visitor's language, before its code has arrived.
    await footer.getByRole('link', { name: 'О нас' }).waitFor()
    await page.locator('.marquee').waitFor()
    // Its code arrives after the first load (the load event, three seconds, an idle moment); React then takes the
    // server's markup over. Until then a link there is a plain link.
    await page.waitForFunction(
      () => {
        const link = document.querySelector('footer.footer a[href="/about"]')
        return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps'))
      },
      undefined,
      { timeout: 20_000 },
    )
    expect(problems).toEqual([])
    // Now the footer's link moves within the app: the page is not loaded again.
    await page.evaluate(() => ((window as unknown as { sameApp: boolean }).sameApp = true))
    await footer.getByRole('link', { name: 'О нас' }).click()
    await page.getByRole('heading', { level: 1, name: 'О сервисе Fika' }).waitFor()
    expect(await page.evaluate(() => (window as unknown as { sameApp?: boolean }).sameApp)).toBe(true)
    // The guest menu's list loads when it is first opened, in the visitor's language.
    await page.getByRole('button', { name: 'Меню' }).click()
    await page.locator('.user-menu__list').getByRole('link', { name: 'Стать специалистом' }).waitFor()
    expect(problems).toEqual([])
    await context.close()
  })

  test('what a visitor types before the app runs is kept and searched once it runs', async () => {
    const { page, context, problems } = await openPhone(product.browser)
    // The app's code is held back, as on a slow link: the visitor types in the meantime.
    let release!: () => void
    let held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/app-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    const opening = page.goto(product.url)
    const search = page.getByRole('combobox', { name: 'Найти услугу' })
    await search.pressSequentially('электр')
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-started'))).toBe(false)
    release()
    await opening
    await page
      .locator('.search__results')
      .getByRole('link', { name: /^Электрика/ })
      .waitFor()
    expect(await search.inputValue()).toBe('электр')

    // The specialists' filters keep what was typed and chosen too, and apply it.
    held = new Promise<void>((resolve) => (release = resolve))
    const openingExecutors = page.goto(`${product.url}/executors`)
    await page.waitForURL('**/executors', { waitUntil: 'domcontentloaded' })
    await page.getByRole('searchbox', { name: 'Имя или услуга' }).fill('Жасур')
    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption({ label: 'По числу отзывов' })
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-started'))).toBe(false)
    release()
    // The first tap the app answers sends what is on the screen, not what the server drew.
    await openingExecutors
    await page.getByRole('button', { name: 'Найти специалистов' }).click()
    await expect.poll(() => new URL(page.url()).search).toContain('sort=reviews')
    expect(new URL(page.url()).searchParams.get('search')).toBe('Жасур')
    expect(problems).toEqual([])
    await context.close()
  })
})
