import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { LOCALES, type Locale } from '#server/i18n/locale.ts'
import { loadWebMessages } from '#server/modules/page-heads/web-messages.ts'
import { PRIVATE_ROUTES } from '#server/modules/sitemap/service.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

// The renderer is the web app's own build, made by page-render.test.ts or `npm run build:renderer`.
const rendererEntry = fileURLToPath(new URL('../../dist-ssr/entry-server.js', import.meta.url))
if (!existsSync(rendererEntry)) throw new Error('build the page renderer first: npm run build:renderer')

const SHELL =
  '<!doctype html><html lang="ru"><head><title>Fika</title></head><body><div id="root"><header class="header"></header></div>\n<noscript>JavaScript</noscript></body></html>'
const webRoot = await mkdtemp(join(tmpdir(), 'fika-missing-'))
await writeFile(join(webRoot, 'index.html'), SHELL)
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const t = useTestApp({ catalogue: true, deps: { webRoot, rendererEntry } })
const messages = await loadWebMessages()
const NOINDEX = '<meta name="robots" content="noindex">'

async function open(path: string, locale: Locale = 'ru') {
  const response = await t.inject({
    method: 'GET',
    url: locale === 'ru' ? path : `${path}?lang=${locale}`,
    headers: { accept: 'text/html', host: 'fika.uz' },
  })
  return { status: response.statusCode, html: response.body, cacheControl: response.headers['cache-control'] }
}

/** A missing page: a 404 that search engines leave out and no browser or proxy keeps without asking again. */
async function expectMissing(path: string, locale: Locale = 'ru') {
  const page = await open(path, locale)
  expect(page.status, path).toBe(404)
  expect(page.html, path).toContain(NOINDEX)
  expect(page.cacheControl, path).toBe('no-cache')
  // The shell all the same: the app starts and shows its screen.
  expect(page.html, path).toMatch(/<div id="root"/)
  return page.html
}

async function expectFound(path: string) {
  const page = await open(path)
  expect(page.status, path).toBe(200)
  expect(page.html, path).not.toContain('noindex')
  return page.html
}

const drawn404 = (html: string, locale: Locale) =>
  html.includes('<div id="root" data-rendered="">') && html.includes(messages(locale, 'Page not found'))

async function openOrder(customer: { token: string }) {
  const service = (
    await t.inject({ method: 'GET', url: `${V1}/categories/mastera-po-remontu/restnew/elektrika` })
  ).json<{ id: number }>()
  const created = await t.call('POST', '/orders', customer, {
    name: 'Заменить розетки на кухне',
    services: [service.id],
    is_online: true,
    price: 200_000_00,
  })
  expect(created.statusCode).toBe(201)
  return created.json<{ id: number }>()
}

describe('an address the app has no page for', () => {
  it('answers 404, with the app 404 screen drawn where the app itself draws it at once', async () => {
    for (const path of ['/account/settings', '/chats/abc', '/wallet/other', '/no-such-page/and/more'])
      await expectMissing(path)
    for (const path of ['/Not_A_Page', '/profile/Not_A_Slug', '/order/abc', '/404'])
      expect(drawn404(await expectMissing(path), 'ru'), path).toBe(true)
    for (const locale of LOCALES)
      expect(drawn404(await expectMissing('/Not_A_Page', locale), locale), locale).toBe(true)
  })
})

describe('a public page whose content does not exist', () => {
  it('a blog post, a blog category, a legal document, a category and a service answer 404; all but the order flow with the app 404 screen drawn', async () => {
    for (const path of [
      '/blog/no-such-post',
      '/post/no-such-post',
      '/blog/category/no-such-category',
      '/legal/no-such-document',
      '/no-such-category/services',
    ])
      expect(drawn404(await expectMissing(path), 'ru'), path).toBe(true)
    // The order flow draws in the browser: the app's shell, under its 404.
    for (const path of [
      '/no-such-category',
      '/domashniy-personal/no-such-service',
      '/domashniy-personal/no-such-service/work-place',
    ])
      await expectMissing(path)
  })

  it('a profile nobody has answers 404; a customer profile answers exactly the same, by slug and by id', async () => {
    const nobody = await expectMissing('/profile/nobody')
    // Not drawn: the signed-in owner (or their specialist) may open it, and the app decides in the browser.
    expect(nobody).not.toContain('data-rendered')
    const customer = await register(t, { type: 'customer' })
    const me = (await t.call('GET', '/profile', customer)).json<{ id: number; slug: string }>()
    expect(await expectMissing(`/profile/${me.slug}`)).toBe(nobody)
    expect(await expectMissing(`/profile/${me.id}`)).toBe(nobody)
    expect(await expectMissing(`/feedbacks/${me.id}`)).toBe(nobody)
    expect(await expectMissing('/feedbacks/999999')).toBe(nobody)
  })

  it('an order that does not exist, or is no longer public, answers 404 and is left to the app', async () => {
    expect(await expectMissing('/order/999999')).not.toContain('data-rendered')
    await expectMissing('/order/99999999999')
    const customer = await register(t, { type: 'customer' })
    const order = await openOrder(customer)
    await expectFound(`/order/${order.id}`)
    await t.call('POST', `/orders/${order.id}/actions/cancel`, customer)
    await t.app.services.events.settled()
    expect(await expectMissing(`/order/${order.id}`)).not.toContain('data-rendered')
  })
})

describe('pages that exist and screens of the app', () => {
  it('a public page that exists answers 200, drawn and without noindex; its missing twin 404', async () => {
    const specialist = await register(t, { type: 'executor' })
    const me = (await t.call('GET', '/profile', specialist)).json<{ id: number; slug: string }>()
    const twins: [found: string, missing: string][] = [
      ['/', '/Not_A_Page'],
      ['/about', '/about/more'],
      ['/support', '/support/more'],
      ['/orders', '/orders/list'],
      ['/executors', '/executors/all'],
      ['/blog', '/blog/category/no-such-category'],
      ['/blog/how-to-describe-an-order-to-get-fast-replies', '/blog/no-such-post'],
      ['/legal/privacy-policy', '/legal/no-such-document'],
      ['/domashniy-personal', '/no-such-category'],
      ['/domashniy-personal/services', '/no-such-category/services'],
      [`/profile/${me.slug}`, '/profile/nobody'],
      [`/feedbacks/${me.id}`, '/feedbacks/999999'],
    ]
    for (const [found, missing] of twins) {
      expect(await expectFound(found), found).toContain('data-rendered')
      await expectMissing(missing)
    }
  })

  it('screens that need a login, and the redirect only the browser follows, answer the plain shell with 200', async () => {
    // Every private route the sitemap keeps crawlers out of is one of them (a new one is added there first).
    for (const path of [
      ...PRIVATE_ROUTES,
      '/account',
      '/orders/map',
      '/orders/today',
      '/wallet',
      '/wallet/success',
      '/chats',
      '/chats/1',
      '/notifications',
      '/bonus',
      '/forcustomers',
      '/direct/order',
      '/direct/order/3',
      '/to-profile/5',
    ])
      expect(await expectFound(path), path).toBe(SHELL)
    // What is no screen beside them is missing.
    for (const path of ['/account/settings', '/direct/order/abc', '/chats/1/2']) await expectMissing(path)
  })
})
