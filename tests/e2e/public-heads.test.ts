import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { openPhone, useProduct } from './helpers.ts'

const product = useProduct()
const V1 = '/api/fika/freelancer/v1.0.1'

/** A live specialist of the demo seeds, by the public list. */
async function demoSpecialist() {
  const response = await fetch(`${product.url}${V1}/executors?per_page=1`)
  const { collection } = (await response.json()) as { collection: { slug: string; name: string }[] }
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
    expect(home.serverTags).toBe(0)
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
