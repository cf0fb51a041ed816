import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { CRAWLER_FILES } from '#contract/crawler-files.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

// A miniature build, so the hosting rules are tested without running Vite.
const webRoot = await mkdtemp(join(tmpdir(), 'fika-dist-'))
await mkdir(join(webRoot, 'assets'))
await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Fika</title><div id="root"></div>')
await writeFile(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)')
await writeFile(join(webRoot, 'sw.js'), 'self.addEventListener("install", () => {})')
await writeFile(join(webRoot, 'manifest.webmanifest'), '{"name":"Fika"}')
// The build writes a compressed copy beside each file (vite.config.ts); a large one here, as the real ones are.
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))}`
await writeFile(join(webRoot, 'assets', 'app-def456.js'), bigScript)
await writeFile(join(webRoot, 'assets', 'app-def456.js.br'), brotliCompressSync(bigScript))
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const t = useTestApp({ deps: { webRoot } })
const html = { accept: 'text/html,application/xhtml+xml' }

describe('hosting the web app', () => {
  it('caches hashed assets for a year and never caches the shell or the service worker', async () => {
    const asset = await t.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const worker = await t.inject({ method: 'GET', url: '/sw.js' })
    expect(worker.headers['cache-control']).toBe('no-cache')
    const shell = await t.inject({ method: 'GET', url: '/', headers: html })
    expect(shell.statusCode).toBe(200)
    expect(shell.headers['cache-control']).toBe('no-cache')
    expect(shell.body).toContain('<div id="root">')
  })

  it('answers every app route with the shell, so a reload on /wallet or /order/15 works', async () => {
    // Nothing is seeded here: the order and the category do not exist, and answer a 404 with the shell all the same.
    const routes = {
      '/wallet': 200,
      '/order/15': 404,
      '/domashniy-personal/uborka/work-place': 404,
      '/no-such-page': 404,
    }
    for (const [url, status] of Object.entries(routes)) {
      const response = await t.inject({ method: 'GET', url, headers: html })
      expect(response.statusCode, url).toBe(status)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body, url).toContain('<div id="root"')
    }
  })

  it('never answers the API with the shell', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/fika/freelancer/v1.0.1/nothing',
      headers: html,
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('not_found')
  })

  it('never answers robots.txt or the sitemap with the shell, not even to a browser', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemap-pages-1.xml?lang=en']) {
      const response = await t.inject({ method: 'GET', url, headers: html })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).not.toContain('text/html')
    }
    const missing = await t.inject({ method: 'GET', url: '/sitemap-nothing-1.xml', headers: html })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe('not_found')
    // The same paths the service worker sends to the network.
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap-profiles-after-12.xml', '/sitemap.xml?x=1'])
      expect(CRAWLER_FILES.test(path), path).toBe(true)
    for (const path of ['/sitemaps', '/profile/sitemap.xml', '/robots.txt.html', '/sitemap-a/b.xml'])
      expect(CRAWLER_FILES.test(path), path).toBe(false)
  })

  it('answers a missing file that is not a page with 404', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/assets/missing-123.js',
      headers: { accept: '*/*' },
    })
    expect(response.statusCode).toBe(404)
  })

  it('does not vary the shell by language, so a cached copy matches whatever the browser sends', async () => {
    const shell = await t.inject({ method: 'GET', url: '/', headers: { ...html, 'accept-language': 'en' } })
    expect(shell.headers.vary ?? '').not.toContain('accept-language')
    const api = await t.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'en' } })
    expect(api.headers.vary).toContain('accept-language')
  })

  it('sends a built file as the build compressed it, to a browser that takes brotli', async () => {
    const url = '/assets/app-def456.js'
    const compressed = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } })
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('br')
    expect(compressed.headers.vary).toContain('accept-encoding')
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(bigScript)
    expect(compressed.rawPayload.length).toBeLessThan(bigScript.length / 3)
    const plain = await t.inject({ method: 'GET', url })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(bigScript)
  })

  it('compresses what it writes as it answers: pages and API answers', async () => {
    const shell = await t.inject({
      method: 'GET',
      url: '/wallet',
      headers: { ...html, 'accept-encoding': 'gzip' },
    })
    // The miniature shell is under a kilobyte, not worth compressing; the API's description is not.
    expect(shell.headers['content-encoding']).toBeUndefined()
    expect(shell.body).toContain('<div id="root">')
    const list = await t.inject({ method: 'GET', url: '/api/docs/json' })
    const zipped = await t.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(list.json())
  })

  it('sends the strict content security policy with the shell', async () => {
    const shell = await t.inject({ method: 'GET', url: '/', headers: html })
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'")
  })
})

describe('a public profile link', () => {
  it('comes with the profile own title, description, canonical link and card, for previews that run no script', async () => {
    const { register } = await import('#tests/helpers/auth-flows.ts')
    const { token } = await register(t, { type: 'executor' })
    const me = (await t.call('GET', '/profile', { token })).json<{ id: number; slug: string; name: string }>()
    await t.app.inject({
      method: 'PUT',
      url: `/api/fika/freelancer/v1.0.1/profile/${me.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { about: 'Электрик с опытом 10 лет. <script>alert(1)</script> Работаю по всему Ташкенту.' },
    })
    for (const url of [`/profile/${me.slug}`, `/profile/${me.id}`]) {
      const page = await t.inject({ method: 'GET', url, headers: { ...html, host: 'fika.uz' } })
      expect(page.statusCode).toBe(200)
      expect(page.body).toContain(`<title>${me.name}`)
      expect(page.body).toContain('специалист на Fika</title>')
      expect(page.body).toContain(
        `<link data-server-head rel="canonical" href="http://fika.uz/profile/${me.slug}" />`,
      )
      expect(page.body).toContain(
        '<meta data-server-head property="og:image" content="http://fika.uz/icons/icon-512.png" />',
      )
      expect(page.body).toContain('Электрик с опытом 10 лет.')
      // What the specialist typed is text in the page, never markup.
      expect(page.body).not.toContain('<script>alert(1)</script>')
      expect(page.body).toContain('<div id="root">')
    }
    const unknown = await t.inject({ method: 'GET', url: '/profile/nobody-here-1', headers: html })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.body).toBe(
      '<!doctype html><title>Fika</title><meta name="robots" content="noindex"><div id="root"></div>',
    )
  })
})
