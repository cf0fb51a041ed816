import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { services } from '#server/db/schema/catalogue.ts'
import { users } from '#server/db/schema/users.ts'
import { HREFLANG, LOCALES, type Locale } from '#server/i18n/locale.ts'
import { PRIVATE_ROUTES } from '#server/modules/sitemap/service.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

// A miniature build: the web app's shell must not answer these paths.
const webRoot = await mkdtemp(join(tmpdir(), 'fika-sitemap-'))
await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Fika</title><div id="root"></div>')
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const SITE = 'https://fika.example'
const t = useTestApp({ catalogue: true, config: { PUBLIC_URL: SITE }, deps: { webRoot } })
const browser = { accept: 'text/html,application/xhtml+xml', 'accept-language': 'en' }

const address = (path: string, locale: Locale) => `${SITE}${path}${locale === 'ru' ? '' : `?lang=${locale}`}`

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => unescape(match[1]!))

type Entry = { loc: string; lastmod?: string; alternates: Record<string, string> }
function entriesOf(xml: string): Entry[] {
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">\n/,
  )
  expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
  // Nothing unescaped: every `&` starts an entity.
  expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
  const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]!)
  expect(urls.length).toBe(xml.split('<url>').length - 1)
  return urls.map((url) => {
    const lastmod = /<lastmod>([^<]*)<\/lastmod>/.exec(url)?.[1]
    return {
      loc: unescape(/<loc>([^<]*)<\/loc>/.exec(url)![1]!),
      ...(lastmod && { lastmod }),
      alternates: Object.fromEntries(
        [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]*)"\/>/g)].map(
          (match) => [match[1]!, unescape(match[2]!)],
        ),
      ),
    }
  })
}

async function get(app: { inject: typeof t.inject }, url: string, headers: Record<string, string> = browser) {
  return app.inject({ method: 'GET', url, headers })
}

/** Every file the index lists, by its path, with its entries. */
async function readAll(app: { inject: typeof t.inject }) {
  const index = await get(app, '/sitemap.xml')
  expect(index.statusCode).toBe(200)
  const files = new Map<string, Entry[]>()
  for (const loc of locsOf(index.body)) {
    expect(loc.startsWith(`${SITE}/sitemap-`)).toBe(true)
    const path = loc.slice(SITE.length)
    const response = await get(app, path)
    expect(response.statusCode, path).toBe(200)
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
    files.set(path, entriesOf(response.body))
  }
  return files
}

/** Every page in all four languages, each `<url>` with the five alternates. */
function expectListed(entries: Entry[], path: string) {
  for (const locale of LOCALES) {
    const entry = entries.find((candidate) => candidate.loc === address(path, locale))
    expect(entry, `${path} ${locale}`).toBeDefined()
    expect(entry!.alternates).toEqual({
      ...Object.fromEntries(LOCALES.map((other) => [HREFLANG[other], address(path, other)])),
      'x-default': address(path, 'ru'),
    })
  }
}

async function addProfile(slug: string, deleted = false) {
  const [row] = await t.db.db
    .insert(users)
    .values({
      slug,
      phone: `99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      name: 'Aziz',
      surname: 'Karimov',
      passwordHash: 'x',
      type: 'executor',
      searchNames: [],
      ...(deleted && { deletedAt: new Date('2026-11-01T00:00:00.000Z') }),
    } as typeof users.$inferInsert)
    .returning({ id: users.id })
  return row!.id
}

describe('the sitemap', () => {
  it('lists every kind of public page in four languages with their alternates; not a deleted profile', async () => {
    await addProfile('aziz-karimov')
    await addProfile('gone-user', true)
    const files = await readAll(t)
    expect([...files.keys()]).toEqual([
      '/sitemap-pages-1.xml',
      '/sitemap-categories-1.xml',
      '/sitemap-blog-1.xml',
      '/sitemap-services-after-0.xml',
      '/sitemap-profiles-after-0.xml',
    ])
    const pages = files.get('/sitemap-pages-1.xml')!
    for (const path of [
      '/',
      '/services-all',
      '/executors',
      '/blog',
      '/legal',
      '/about',
      '/faq',
      '/termsofuse',
    ])
      expectListed(pages, path)
    expectListed(pages, '/legal/privacy-policy')
    expect(pages.some((entry) => entry.loc.includes('/forcustomers'))).toBe(false)

    expectListed(files.get('/sitemap-categories-1.xml')!, '/domashniy-personal/services')
    const serviceEntries = files.get('/sitemap-services-after-0.xml')!
    expectListed(serviceEntries, '/domashniy-personal/uborka')
    expectListed(serviceEntries, '/mastera-po-remontu/elektrika')
    expectListed(serviceEntries, '/mastera-po-remontu/elektrika/zamena-provodki')

    const blog = files.get('/sitemap-blog-1.xml')!
    expectListed(blog, '/blog/how-to-describe-an-order-to-get-fast-replies')
    expect(blog[0]!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/)

    const profiles = files.get('/sitemap-profiles-after-0.xml')!
    expectListed(profiles, '/profile/aziz-karimov')
    expect(profiles).toHaveLength(LOCALES.length)
    expect(profiles[0]!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    // The same rule as the public profile: the deleted account's is a 404 there, the live one's is not.
    expect((await t.call('GET', '/myprofile/gone-user', null)).statusCode).toBe(404)
    expect((await t.call('GET', '/myprofile/aziz-karimov', null)).statusCode).toBe(200)
  })

  it('answers XML with a short public cache, escaped, and leaves out a service waiting for moderation', async () => {
    await t.db.db.update(services).set({ status: 'pending' }).where(eq(services.slug, 'uborka'))
    try {
      const index = await get(t, '/sitemap.xml')
      expect(index.headers['content-type']).toBe('application/xml; charset=utf-8')
      expect(index.headers['cache-control']).toBe('public, max-age=3600')
      expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /)
      const file = await get(t, '/sitemap-services-after-0.xml')
      expect(file.body).not.toContain('/uborka<')
      expect(file.body).not.toContain('/uborka?')
      // `&` between languages would be escaped; a `?lang=` address has none, but nothing raw gets through.
      expect(file.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/)
    } finally {
      await t.db.db.update(services).set({ status: 'approved' }).where(eq(services.slug, 'uborka'))
    }
  })

  it('splits at a low limit: every URL once across the files, at most the limit in each', async () => {
    for (let i = 1; i <= 5; i += 1) await addProfile(`master-${i}`)
    const small = await buildApp({
      config: { ...testConfig({ PUBLIC_URL: SITE }), JWT_SECRET: TEST_SECRET },
      database: t.db,
      realtime: false,
      webRoot,
      sitemapUrlsPerFile: 8,
    })
    try {
      const files = await readAll(small)
      const whole = await readAll(t)
      for (const entries of files.values()) expect(entries.length).toBeLessThanOrEqual(8)
      const split = [...files.values()].flat().map((entry) => entry.loc)
      expect(new Set(split).size).toBe(split.length)
      expect(split.toSorted()).toEqual(
        [...whole.values()]
          .flat()
          .map((entry) => entry.loc)
          .toSorted(),
      )
      const profileFiles = [...files.keys()].filter((path) => path.startsWith('/sitemap-profiles-'))
      expect(profileFiles).toHaveLength(3)
      expect(files.get('/sitemap-pages-2.xml')).toBeDefined()
      // Past the last file: nothing there.
      expect((await get(small, '/sitemap-pages-999.xml')).statusCode).toBe(404)
    } finally {
      await small.close()
    }
  })

  it('answers an unknown file or number with a 404 in the API error shape', async () => {
    for (const url of [
      '/sitemap-nothing-1.xml',
      '/sitemap-pages-0.xml',
      '/sitemap-pages-2.xml',
      '/sitemap-pages-1234567.xml',
      '/sitemap-pages-1e3.xml',
      '/sitemap-profiles-after-0.xml',
      '/sitemap-profiles-after-99999999999.xml',
      '/sitemap-profiles-after-2147483648.xml',
      '/sitemap-services-after--1.xml',
      '/sitemap-services-after-2147483647.xml',
      '/sitemap-blog-1.xml.gz',
      '/sitemap-',
    ]) {
      const response = await get(t, url)
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toMatchObject({ error: { type: 'not_found', code: 'not_found' } })
    }
  })
})

type RouteName = string
type Guard = { canEnter: (name: RouteName, visitor: 'guest') => boolean; ROUTE_NAMES: readonly RouteName[] }
// The guard itself, run as the web app runs it; imported by a path the server's type check does not follow (it
// would type the web app's files without the browser's types).
const GUARD = '#src/lib/route-guard.ts'
const { canEnter, ROUTE_NAMES } = (await import(GUARD)) as Guard

/** The app's routes a guest may not open, by the path they start with, read from the guard and src/routes. */
async function guestForbiddenRoutes() {
  const root = join(import.meta.dirname, '../../src/routes')
  const found = new Map<RouteName, string>()
  for (const file of await readdir(root, { recursive: true })) {
    if (!file.endsWith('.tsx')) continue
    const source = await readFile(join(root, file), 'utf8')
    const segments = relative('.', file)
      .replace(/\.tsx$/, '')
      .split('/')
    const firstParam = segments.findIndex((segment) => segment.startsWith('$'))
    const fixed = (firstParam === -1 ? segments : segments.slice(0, firstParam)).filter(
      (segment) => segment !== 'index',
    )
    for (const match of source.matchAll(/guardRoute\('([^']+)'\)/g))
      found.set(match[1]!, `/${fixed.join('/')}`)
  }
  const forbidden = ROUTE_NAMES.filter((name) => !canEnter(name, 'guest'))
  for (const name of forbidden) expect(found.has(name), `route of ${name}`).toBe(true)
  const paths = [...new Set(forbidden.map((name) => found.get(name)!))]
  // A route under another forbidden one (/wallet/success under /wallet) is covered by it.
  return paths.filter((path) => !paths.some((other) => path.startsWith(`${other}/`))).toSorted()
}

describe('robots.txt', () => {
  it('allows the site, disallows the API and the private routes, and names the sitemap', async () => {
    const response = await get(t, '/robots.txt')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    const lines = response.body.split('\n').filter(Boolean)
    expect(lines.slice(0, 3)).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /api/'])
    expect(lines.at(-1)).toBe(`Sitemap: ${SITE}/sitemap.xml`)
    const disallowed = lines
      .filter((line) => line.startsWith('Disallow: ') && line !== 'Disallow: /api/')
      .map((line) => line.slice('Disallow: '.length).replace(/[$/?]$/, ''))
    expect([...new Set(disallowed)].toSorted()).toEqual(await guestForbiddenRoutes())
    expect([...PRIVATE_ROUTES].toSorted()).toEqual(await guestForbiddenRoutes())
  })

  it('no page the sitemap lists is disallowed', async () => {
    await addProfile('aziz-karimov')
    const robots = (await get(t, '/robots.txt')).body
    const rules = robots
      .split('\n')
      .filter((line) => line.startsWith('Disallow: '))
      .map((line) => line.slice('Disallow: '.length))
    const blocks = (url: string) =>
      rules.some((rule) => (rule.endsWith('$') ? url === rule.slice(0, -1) : url.startsWith(rule)))
    for (const entries of (await readAll(t)).values())
      for (const entry of entries) expect(blocks(entry.loc.slice(SITE.length)), entry.loc).toBe(false)
  })
})
