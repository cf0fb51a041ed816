import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { LOCALES, type Locale } from '#server/i18n/locale.ts'
import { HOME_FAQ, WEB_TEXTS } from '#server/modules/page-heads/service.ts'
import { loadWebMessages } from '#server/modules/page-heads/web-messages.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

// A miniature build: the heads are the server's, whatever the app's scripts are.
const SHELL =
  '<!doctype html><html lang="ru"><head><title>Fika</title></head><body><div id="root"></div></body></html>'
const webRoot = await mkdtemp(join(tmpdir(), 'fika-heads-'))
await writeFile(join(webRoot, 'index.html'), SHELL)
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const t = useTestApp({ catalogue: true, deps: { webRoot } })
const ORIGIN = 'http://fika.uz'
const HREFLANG: Record<Locale, string> = { ru: 'ru', oz: 'uz-Latn', uz: 'uz-Cyrl', en: 'en' }

/** A browser opening the page in a language: the address carries `?lang=` as the alternates do. */
async function open(path: string, locale: Locale = 'ru') {
  const response = await t.inject({
    method: 'GET',
    url: locale === 'ru' ? path : `${path}?lang=${locale}`,
    headers: { accept: 'text/html', host: 'fika.uz', 'accept-language': locale },
  })
  expect(response.statusCode, path).toBe(200)
  return response.body
}

const decode = (text: string | undefined) =>
  text?.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1])
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta data-server-head (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1]
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )

function expectAddresses(html: string, path: string, locale: Locale) {
  const address = (other: Locale) => `${ORIGIN}${path}${other === 'ru' ? '' : `?lang=${other}`}`
  expect(html).toContain(`<link data-server-head rel="canonical" href="${address(locale)}" />`)
  for (const other of LOCALES)
    expect(html).toContain(
      `<link data-server-head rel="alternate" hreflang="${HREFLANG[other]}" href="${address(other)}" />`,
    )
  expect(html).toContain(
    `<link data-server-head rel="alternate" hreflang="x-default" href="${address('ru')}" />`,
  )
  expect(html).toContain(`<html lang="${HREFLANG[locale]}"`)
}

const messages = await loadWebMessages()

describe('the head of each public page, in each language', () => {
  it('home: the app title and description, the Organization and the home FAQ as FAQPage', async () => {
    for (const locale of LOCALES) {
      const html = await open('/', locale)
      expect(titleOf(html)).toBe(`${messages(locale, WEB_TEXTS.homeTitle)} — Fika`)
      expect(decode(metaOf(html, 'description'))).toBe(messages(locale, WEB_TEXTS.homeDescription))
      expectAddresses(html, '/', locale)
      const [organization, faq] = jsonLdOf(html)
      expect(organization).toMatchObject({ '@type': 'Organization', name: 'Fika', url: `${ORIGIN}/` })
      expect(faq).toMatchObject({ '@type': 'FAQPage' })
      expect((faq!.mainEntity as { name: string }[]).map((item) => item.name)).toEqual(
        HOME_FAQ.map(([question]) => messages(locale, question)),
      )
    }
    expect(titleOf(await open('/', 'ru'))).toBe('Маркетплейс услуг в Узбекистане — Fika')
  })

  it('the catalogue: a category, its services and a service, each with its breadcrumbs', async () => {
    const names = {
      category: { ru: 'Домашний персонал', oz: 'Uy xodimlari', uz: 'Уй ходимлари', en: 'Household staff' },
      service: { ru: 'Уборка', oz: 'Tozalash', uz: 'Тозалаш', en: 'Cleaning' },
    }
    for (const locale of LOCALES) {
      for (const path of ['/domashniy-personal', '/domashniy-personal/services']) {
        const html = await open(path, locale)
        expect(titleOf(html)).toBe(`${names.category[locale]} — Fika`)
        expectAddresses(html, path, locale)
        expect(jsonLdOf(html)).toEqual([
          expect.objectContaining({
            '@type': 'BreadcrumbList',
            itemListElement: [
              expect.objectContaining({ position: 1, name: 'Fika', item: `${ORIGIN}/` }),
              expect.objectContaining({
                position: 2,
                name: names.category[locale],
                item: `${ORIGIN}/domashniy-personal`,
              }),
            ],
          }),
        ])
      }
      const servicePath = '/domashniy-personal/uborka/work-place'
      const html = await open(servicePath, locale)
      expect(titleOf(html)).toBe(`${names.service[locale]} — Fika`)
      expectAddresses(html, servicePath, locale)
      const [trail] = jsonLdOf(html)
      expect((trail!.itemListElement as { name: string }[]).map((step) => step.name)).toEqual([
        'Fika',
        names.category[locale],
        names.service[locale],
      ])
    }
    const all = await open('/services-all', 'en')
    expect(titleOf(all)).toBe('All services — Fika')
    expect(jsonLdOf(all)[0]).toMatchObject({ '@type': 'BreadcrumbList' })
  })

  it('content pages, legal documents and blog posts come from their texts; a post is an Article', async () => {
    const about = {
      ru: 'О сервисе Fika',
      oz: 'Fika xizmati haqida',
      uz: 'Fika хизмати ҳақида',
      en: 'About Fika',
    }
    for (const locale of LOCALES) {
      const html = await open('/about', locale)
      expect(titleOf(html)).toBe(about[locale])
      expectAddresses(html, '/about', locale)
    }
    const post = await open('/blog/how-to-describe-an-order-to-get-fast-replies', 'oz')
    expect(titleOf(post)).toBe(
      'Mutaxassislar tez javob berishi uchun buyurtmani qanday tasvirlash kerak — Fika',
    )
    expect(metaOf(post, 'og:type')).toBe('article')
    expect(jsonLdOf(post)[0]).toMatchObject({
      '@type': 'Article',
      headline: 'Mutaxassislar tez javob berishi uchun buyurtmani qanday tasvirlash kerak',
      inLanguage: 'uz-Latn',
      url: `${ORIGIN}/blog/how-to-describe-an-order-to-get-fast-replies`,
    })
    // /post/{slug} is the same post: one canonical address.
    const sameName = await open('/post/how-to-describe-an-order-to-get-fast-replies')
    expect(sameName).toContain(
      `rel="canonical" href="${ORIGIN}/blog/how-to-describe-an-order-to-get-fast-replies"`,
    )
    const legal = await open('/legal/privacy-policy', 'en')
    expect(titleOf(legal)).toContain('Privacy')
    expect(titleOf(await open('/legal', 'uz'))).toBe(`${messages('uz', WEB_TEXTS.legal)} — Fika`)
  })

  it('/faq answers its questions as FAQPage', async () => {
    const html = await open('/faq', 'en')
    const [faq] = jsonLdOf(html)
    const items = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[]
    expect(items[0]).toMatchObject({
      name: 'How much does it cost to post an order?',
      acceptedAnswer: { text: expect.stringContaining('completely free for customers') },
    })
    expect(items.length).toBeGreaterThanOrEqual(5)
  })

  it('a public profile: its card with the photo, and a Person with its rating; its reviews page is named after it', async () => {
    const { token } = await register(t, { type: 'executor' })
    const me = (await t.call('GET', '/profile', { token })).json<{
      id: number
      slug: string
      name: string
      surname: string
    }>()
    await t.app.inject({
      method: 'PUT',
      url: `${V1}/profile/${me.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { about: 'Электрик с опытом 10 лет. </script><script>alert(1)</script> Работаю по Ташкенту.' },
    })
    for (const path of [`/profile/${me.slug}`, `/profile/${me.id}`]) {
      const html = await open(path, 'en')
      expect(titleOf(html)).toContain(me.name)
      expect(titleOf(html)).toContain('specialist on Fika')
      expect(html).toContain(`rel="canonical" href="${ORIGIN}/profile/${me.slug}?lang=en"`)
      expect(metaOf(html, 'og:image')).toBe(`${ORIGIN}/icons/icon-512.png`)
      // What the specialist typed is text in the page, never markup.
      expect(html).not.toContain('<script>alert(1)</script>')
      const [personData] = jsonLdOf(html)
      expect(personData).toMatchObject({ '@type': 'Person', url: `${ORIGIN}/profile/${me.slug}` })
      expect(personData!.description).toContain('Электрик с опытом 10 лет.')
      // No reviews yet: no AggregateRating (one of none is invalid).
      expect(personData).not.toHaveProperty('aggregateRating')
    }
    const reviews = await open(`/feedbacks/${me.id}`, 'ru')
    expect(titleOf(reviews)).toBe(
      `${messages('ru', WEB_TEXTS.reviewsOf).replace('{name}', `${me.name} ${me.surname}`)} — Fika`,
    )
  })

  it('an open order: its name and service; a closed or direct one gets no head of its own', async () => {
    const customer = await register(t, { type: 'customer' })
    const service = (
      await t.inject({ method: 'GET', url: `${V1}/categories/mastera-po-remontu/restnew/elektrika` })
    ).json<{ id: number }>()
    const order = (
      await t.call('POST', '/orders', customer, {
        services: [service.id],
        name: 'Повесить люстру в зале',
        description: 'Люстра 8 кг, потолок бетонный.',
        at_customer: true,
        area: 'Юнусабадский район, Ташкент',
        lat: 41.36,
        lng: 69.29,
        started_at: '2026-12-25T09:00:00.000Z',
        price: 20_000_000,
      })
    ).json<{ id: number }>()
    const html = await open(`/order/${order.id}`, 'ru')
    expect(titleOf(html)).toBe('Повесить люстру в зале — Fika')
    expect(decode(metaOf(html, 'description'))).toMatch(/^Электрика.*Люстра 8 кг/)
    expectAddresses(html, `/order/${order.id}`, 'ru')
    // Opening the page for its head is not a view of the order.
    const viewed = (await t.call('GET', `/orders/${order.id}`, customer)).json<{ views: number }>()
    expect(viewed.views).toBe(0)

    await t.call('POST', `/orders/${order.id}/actions/cancel`, customer)
    t.app.services.pageHeads!.clear()
    const cancelled = await t.inject({
      method: 'GET',
      url: `/order/${order.id}`,
      headers: { accept: 'text/html', host: 'fika.uz' },
    })
    // A missing page now (tests/server/missing-pages.test.ts).
    expect(cancelled.statusCode).toBe(404)
    expect(titleOf(cancelled.body)).toBe('Fika')
    expect(cancelled.body).not.toContain('data-server-head')
  })
})

describe('pages without a head of their own', () => {
  // A missing page (an unknown category, a profile nobody has) answers a 404: tests/server/missing-pages.test.ts.
  it('private screens answer the plain shell in the visitor language', async () => {
    for (const path of ['/account', '/wallet', '/chats/1', '/orders/map', '/admin', '/admin/audit']) {
      const html = await open(path, 'en')
      expect(html, path).toBe(SHELL.replace('<html lang="ru"', '<html lang="en"'))
    }
  })

  it('a failing read of the data behind a head still answers the app', async () => {
    const heads = t.app.services.pageHeads!
    const original = heads.pageFor
    heads.pageFor = () => Promise.reject(new Error('database away'))
    try {
      const html = await open('/about')
      expect(html).toContain('<div id="root">')
    } finally {
      heads.pageFor = original
    }
  })
})

describe('the texts the heads repeat', () => {
  it('are translated in every catalog of the web app', () => {
    const sources = [...Object.values(WEB_TEXTS), ...HOME_FAQ.flat()]
    for (const locale of LOCALES)
      for (const source of sources) expect(messages.has(locale, source), `${locale}: ${source}`).toBe(true)
  })
})
