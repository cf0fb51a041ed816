import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { LOCALES, type Locale } from '#server/i18n/locale.ts'
import { loadWebMessages } from '#server/modules/page-heads/web-messages.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

// The renderer is the web app's own build (`npm run build:renderer`; `npm test` makes it first).
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const rendererEntry = join(ROOT, 'dist-ssr/entry-server.js')
if (!existsSync(rendererEntry)) {
  const built = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/.bin/vite'), 'build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr'],
    { cwd: ROOT, stdio: 'inherit' },
  )
  if (built.status !== 0) throw new Error('the page renderer could not be built')
}

// The built shell's shape: a header painted before the scripts, then <noscript>.
const SHELL =
  '<!doctype html><html lang="ru"><head><title>Fika</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/app-1.js" data-app></head><body><div id="root"><header class="header"></header></div>\n<noscript>JavaScript</noscript></body></html>'
const webRoot = await mkdtemp(join(tmpdir(), 'fika-render-'))
await writeFile(join(webRoot, 'index.html'), SHELL)
// The build's manifest, as Vite writes it: a route's screen chunk, the style sheets it and its imports carry.
await mkdir(join(webRoot, '.vite'))
await writeFile(
  join(webRoot, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/routes/profile/$slug.tsx?tsr-split=component': {
      file: 'assets/_slug-1.js',
      imports: ['_words-2.js'],
      css: ['assets/_slug-1.css'],
    },
    '_words-2.js': { file: 'assets/words-2.js', css: ['assets/words-2.css'] },
  }),
)
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const t = useTestApp({ catalogue: true, deps: { webRoot, rendererEntry } })
const messages = await loadWebMessages()

async function open(path: string, locale: Locale = 'ru') {
  const response = await t.inject({
    method: 'GET',
    url: locale === 'ru' ? path : `${path}${path.includes('?') ? '&' : '?'}lang=${locale}`,
    headers: { accept: 'text/html', host: 'fika.uz' },
  })
  return { status: response.statusCode, html: response.body }
}

/** The text a visitor reads in `#root` before any script runs. */
function rootText(html: string) {
  const root = /<div id="root" data-rendered="">([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(
    html,
  )
  if (!root) return undefined
  return root[1]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}
const firstAnswers = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-answers">(.*?)<\/script>/.exec(html)![1]!) as Record<
    string,
    unknown
  >

/** Every script the page carries is a file or a data block: the CSP (script-src 'self') runs nothing inline. */
function expectNoInlineScript(html: string) {
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g))
    expect(tag).toMatch(/src=|type="application\/(?:json|ld\+json)"/)
  expect(html).not.toMatch(/\sstyle="/)
}

describe('public pages come rendered, in the visitor language, with the data they were drawn from', () => {
  it('home: the hero, the categories and the footer in each language', async () => {
    for (const locale of LOCALES) {
      const { status, html } = await open('/', locale)
      expect(status).toBe(200)
      const text = rootText(html)
      expect(text, locale).toContain(messages(locale, 'Find a specialist for any task'))
      expect(text, locale).toContain(messages(locale, 'Services by category'))
      const answers = firstAnswers(html) as { categories: { data: { name: string }[] } }
      expect(answers).toHaveProperty('settings')
      // The categories the app read, in the visitor's language, drawn into the page.
      expect(answers.categories.data.length).toBeGreaterThan(3)
      for (const category of answers.categories.data) expect(text).toContain(category.name)
      if (locale === 'en') expect(text).toContain('Household staff')
      expectNoInlineScript(html)
      // The page is painted before the app's code is fetched: the entry stays, the app's preloads go.
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>')
      expect(html).not.toContain('/assets/app-1.js')
    }
  })

  it('the catalogue: all services, a category services and a service order page', async () => {
    for (const locale of LOCALES) {
      const all = rootText((await open('/services-all', locale)).html)
      expect(all).toContain(messages(locale, 'All services'))
      expect(all).toContain(locale === 'en' ? 'Cleaning' : locale === 'ru' ? 'Уборка' : '')
      const category = await open('/domashniy-personal/services', locale)
      const answer = firstAnswers(category.html)['category:domashniy-personal'] as {
        data: { name: string; services: { name: string }[] }
      }
      expect(rootText(category.html)).toContain(answer.data.name)
      for (const service of answer.data.services) expect(rootText(category.html)).toContain(service.name)
      if (locale === 'en') expect(rootText(category.html)).toContain('Household staff')
      const form = await open('/domashniy-personal/uborka/work-place', locale)
      expect(form.status).toBe(200)
      expect(rootText(form.html)).toBeDefined()
    }
  })

  it('content pages, the blog and its posts, legal documents and the FAQ', async () => {
    const about = {
      ru: 'О сервисе Fika',
      oz: 'Fika xizmati haqida',
      uz: 'Fika хизмати ҳақида',
      en: 'About Fika',
    }
    for (const locale of LOCALES)
      expect(rootText((await open('/about', locale)).html)).toContain(about[locale])
    const post = rootText((await open('/blog/how-to-describe-an-order-to-get-fast-replies', 'oz')).html)
    expect(post).toContain('Mutaxassislar tez javob berishi uchun buyurtmani qanday tasvirlash kerak')
    expect(rootText((await open('/blog', 'en')).html)).toContain(
      'Identity verification: why specialists need it and how to pass it',
    )
    expect(rootText((await open('/faq', 'en')).html)).toContain('How much does it cost to post an order?')
    expect(rootText((await open('/legal/privacy-policy', 'en')).html)).toContain('Privacy')
  })

  it('a public profile and its reviews page show the specialist; typed text stays text', async () => {
    const { token } = await register(t, { type: 'executor' })
    const me = (await t.call('GET', '/profile', { token })).json<{ id: number; slug: string; name: string }>()
    await t.app.inject({
      method: 'PUT',
      url: `${V1}/profile/${me.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { about: 'Электрик с опытом 10 лет. </script><script>alert(1)</script> Работаю по Ташкенту.' },
    })
    t.app.services.pageRenderer.clear()
    for (const locale of LOCALES) {
      const { status, html } = await open(`/profile/${me.slug}`, locale)
      expect(status).toBe(200)
      const text = rootText(html)
      expect(text).toContain(me.name)
      expect(text).toContain('Электрик с опытом 10 лет.')
      expect(html).not.toContain('<script>alert(1)</script>')
      expect(JSON.stringify(firstAnswers(html))).toContain('Электрик с опытом 10 лет.')
      expectNoInlineScript(html)
      // The screen's styles come with the page, not after its script: nothing moves when the script arrives.
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/_slug-1.css">')
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/words-2.css">')
    }
    expect((await open('/about')).html).not.toContain('_slug-1.css')
    expect(rootText((await open(`/feedbacks/${me.id}`, 'en')).html)).toContain('No reviews yet')
  })

  it('an open order shows its name; once cancelled its page is no longer drawn', async () => {
    const customer = await register(t, { type: 'customer' })
    const service = (
      await t.inject({ method: 'GET', url: `${V1}/categories/mastera-po-remontu/restnew/elektrika` })
    ).json<{ id: number }>()
    const order = (
      await t.call('POST', '/orders', customer, {
        name: 'Заменить розетки на кухне',
        services: [service.id],
        is_online: true,
        price: 200_000_00,
      })
    ).json<{ id: number }>()
    const { html } = await open(`/order/${order.id}`, 'en')
    expect(rootText(html)).toContain('Заменить розетки на кухне')
    await t.call('POST', `/orders/${order.id}/actions/cancel`, customer)
    expect((await open(`/order/${order.id}`, 'en')).html).not.toContain('data-rendered')
  })

  // Missing pages answer a 404 with the app's 404 screen: tests/server/missing-pages.test.ts.
  it('private screens answer the shell for the app to draw', async () => {
    for (const path of ['/account', '/wallet', '/chats', '/notifications']) {
      const { status, html } = await open(path, 'en')
      expect(status, path).toBe(200)
      expect(html, path).not.toContain('data-rendered')
      expect(html, path).toContain('<div id="root"><header class="header"></header></div>')
      expect(html, path).toContain('href="/assets/app-1.js" data-app')
    }
  })
})

const brokenEntry = join(webRoot, 'broken-renderer.js')
await writeFile(brokenEntry, 'export const renderPage = async () => { throw new Error("broken") }\n')

describe('when the renderer fails', () => {
  const broken = useTestApp({ catalogue: true, deps: { webRoot, rendererEntry: brokenEntry } })

  it('the page still answers the shell with its head', async () => {
    const response = await broken.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('data-rendered')
    expect(response.body).toContain('<title>О сервисе Fika')
  })
})
