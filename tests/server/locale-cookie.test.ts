import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { translate } from '#server/i18n/messages.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

// A miniature build, so pages are answered without running Vite.
const webRoot = await mkdtemp(join(tmpdir(), 'fika-dist-'))
await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>Fika</title><div id="root"></div>')
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const t = useTestApp({ deps: { webRoot } })
const html = { accept: 'text/html,application/xhtml+xml' }

/**
 * The address of a new specialist's public page: its head is what the server writes in the page's language
 * ("<name> — specialist on Fika" while they offer no service yet).
 */
async function profilePage() {
  const { token } = await register(t, { type: 'executor' })
  const me = (await t.call('GET', '/profile', { token })).json<{ slug: string }>()
  return `/profile/${me.slug}`
}

const titleOf = (page: LightMyRequestResponse) => /<title>(.*?)<\/title>/.exec(page.body)?.[1] ?? ''

describe('the language of a page of the app', () => {
  it('is the ?lang= of the address, kept for the session in a cookie the app can read', async () => {
    const page = await t.inject({
      method: 'GET',
      url: `${await profilePage()}?lang=en`,
      headers: { ...html, cookie: 'lang=oz', 'accept-language': 'uz' },
    })
    expect(page.statusCode).toBe(200)
    expect(titleOf(page)).toMatch(/ — specialist on Fika$/)
    // A browser-session cookie: no Expires or Max-Age; not HttpOnly (the switcher writes it); Secure only over https.
    expect(page.headers['set-cookie']).toBe('lang=en; Path=/; SameSite=Lax')
    expect(String(page.headers.vary)).toMatch(/\bcookie\b/i)
  })

  it('is the session cookie when the address names no language', async () => {
    const url = await profilePage()
    const page = await t.inject({ method: 'GET', url, headers: { ...html, cookie: 'theme=dark; lang=uz' } })
    expect(titleOf(page)).toMatch(/ — Fika мутахассиси$/)
    expect(page.headers['set-cookie']).toBeUndefined()
    expect(String(page.headers.vary)).toMatch(/\bcookie\b/i)
  })

  it('is Russian when the ?lang= or the cookie names no language of the product', async () => {
    const url = await profilePage()
    const page = await t.inject({
      method: 'GET',
      url: `${url}?lang=de`,
      headers: { ...html, cookie: 'lang=xx' },
    })
    expect(titleOf(page)).toMatch(/ — специалист на Fika$/)
    expect(page.headers['set-cookie']).toBeUndefined()
  })

  it('does not follow Accept-Language, since the app starts in Russian whatever the browser prefers', async () => {
    const url = await profilePage()
    const page = await t.inject({ method: 'GET', url, headers: { ...html, 'accept-language': 'en' } })
    expect(titleOf(page)).toMatch(/ — специалист на Fika$/)
    expect(page.headers['content-language']).toBeUndefined()
  })

  it('marks the cookie Secure when the page came over https through a trusted proxy', async () => {
    const { buildApp } = await import('#server/app.ts')
    const { testConfig } = await import('#server/config.ts')
    for (const [trusted, cookie] of [
      [1, 'lang=oz; Path=/; Secure; SameSite=Lax'],
      [false, 'lang=oz; Path=/; SameSite=Lax'],
    ] as const) {
      const app = await buildApp({
        config: { ...testConfig({ TRUST_PROXY: trusted }), JWT_SECRET: TEST_SECRET },
        database: t.db,
        webRoot,
        realtime: false,
      })
      const shell = await app.inject({
        method: 'GET',
        url: '/?lang=oz',
        headers: { ...html, 'x-forwarded-proto': 'https' },
      })
      expect(shell.statusCode).toBe(200)
      expect(shell.headers['set-cookie'], `trusted proxy: ${trusted}`).toBe(cookie)
      await app.close()
    }
  })
})

describe('the language of an API answer', () => {
  it('is the session cookie when the call sends no Accept-Language, and Accept-Language when it does', async () => {
    const noHeader = await t.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { cookie: 'lang=oz' },
    })
    expect(noHeader.statusCode).toBe(404)
    expect(noHeader.json().error.message).toBe(translate('not_found', 'oz'))
    expect(noHeader.headers['content-language']).toBe('oz')
    const withHeader = await t.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { cookie: 'lang=oz', 'accept-language': 'en' },
    })
    expect(withHeader.json().error.message).toBe('Nothing found')
    // A URL Fastify cannot read fails before any hook, and is still answered in the cookie's language.
    const badUrl = await t.inject({
      method: 'GET',
      url: '/api/fika/%E0%A4%A',
      headers: { cookie: 'lang=en' },
    })
    expect(badUrl.statusCode).toBe(400)
    expect(badUrl.headers['content-language']).toBe('en')
    // The cookie is set by pages only: an API call with ?lang= leaves it alone.
    const withParam = await t.inject({ method: 'GET', url: '/api/health?lang=en' })
    expect(withParam.headers['set-cookie']).toBeUndefined()
  })

  it('is Russian when the cookie names no language of the product', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { cookie: 'lang=de' },
    })
    expect(response.json().error.message).toBe('Ничего не найдено')
    expect(response.headers['content-language']).toBe('ru')
  })
})
