import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoint.ts'
import { CONTENT_BODY_MAX, CONTENT_TITLE_MAX, MARQUEE_ITEMS_MAX } from '#contract/schemas/admin-content.ts'
import { translate } from '#server/i18n/messages.ts'
import { user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'

// The public pages are drawn by the web app's renderer build (`npm run build:renderer`), in a miniature shell.
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const webRoot = await mkdtemp(join(tmpdir(), 'fika-admin-content-'))
await writeFile(
  join(webRoot, 'index.html'),
  '<!doctype html><html lang="ru"><head><title>Fika</title></head><body><div id="root"></div></body></html>',
)
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const SITE = 'https://fika.example'
const t = useTestApp({
  catalogue: true,
  config: { PUBLIC_URL: SITE },
  deps: { webRoot, rendererEntry: join(ROOT, 'dist-ssr/entry-server.js') },
})

const CONTENT = '/api/admin/content'
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Calls the content editor's API as `caller` (null: a guest), in a language. */
const admin = (caller: Caller | null, method: Method, path: string, payload?: object, language = 'ru') =>
  t.inject({
    method,
    url: `${CONTENT}${path}`,
    headers: {
      'accept-language': language,
      ...(caller && { authorization: `Bearer ${caller.token}` }),
    },
    ...(payload && { payload }),
  })

const servers = { userChanged: (userId: number) => t.app.auth.sessionCache.forget({ user: userId }) }

async function moderator() {
  const person = await user(t, 'customer')
  expect(await runStaffRole(t.db.db, 'moderator', ['add', person.phone], servers)).toMatch(
    /is now a moderator/,
  )
  return person
}

/** A guest's page as a browser asks for it: server-rendered HTML. */
const publicPage = async (path: string) =>
  (await t.inject({ method: 'GET', url: path, headers: { accept: 'text/html', host: 'fika.example' } })).body

const publicApi = async (path: string, language = 'ru') =>
  t.inject({ method: 'GET', url: `${V1}${path}`, headers: { 'accept-language': language } })

const sitemapBlog = async () => (await t.inject({ method: 'GET', url: '/sitemap-blog-1.xml' })).body

const auditRows = async (target: string) =>
  (
    (await t.db.db.execute(
      sql`select actor_id as "actorId", action, reason from audit_log where target = ${target} order by id`,
    )) as unknown as { rows: { actorId: number; action: string; reason: string | null }[] }
  ).rows

const four = (text: string) => ({ ru: `${text} ru`, en: `${text} en`, oz: `${text} oz`, uz: `${text} uz` })
const pageTexts = (text: string) => ({
  title: four(text),
  description: four(`${text} lead`),
  body: four(text),
})
const post = (slug: string, published = true) => ({
  slug,
  category: 'news',
  published,
  title: four(`Post ${slug}`),
  description: four('About'),
  body: four('Some **news**'),
})

describe('the content editor’s access', () => {
  it('answers 401 to a guest and 403 to a customer, a specialist and support staff, on every route', async () => {
    const customer = await user(t, 'customer')
    const specialist = await user(t, 'executor')
    const support = await user(t, 'customer')
    await runStaffRole(t.db.db, 'support', ['add', support.phone], servers)
    const routes: [Method, string, object?][] = [
      ['GET', '/pages'],
      ['GET', '/pages/about'],
      ['PUT', '/pages/about', pageTexts('Hacked')],
      ['GET', '/blog/categories'],
      ['GET', '/blog/posts'],
      ['GET', '/blog/posts/some-post'],
      ['POST', '/blog/posts', post('intruder-post')],
      ['PUT', '/blog/posts/some-post', post('some-post')],
      ['DELETE', '/blog/posts/some-post'],
      ['GET', '/marquee'],
      ['POST', '/marquee', { title: four('Hacked') }],
      ['PUT', '/marquee/order', { ids: [1] }],
      ['PUT', '/marquee/1', { title: four('Hacked') }],
      ['DELETE', '/marquee/1'],
    ]
    for (const [method, path, payload] of routes) {
      expect((await admin(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401)
      for (const caller of [customer, specialist, support])
        expect((await admin(caller, method, path, payload)).statusCode, `${method} ${path}`).toBe(403)
    }
    // Nothing any of them sent was kept.
    expect((await publicApi('/pages/about')).json().title).not.toContain('Hacked')
    expect((await publicApi('/blog/posts/intruder-post')).statusCode).toBe(404)
    expect(JSON.stringify((await publicApi('/marquee')).json())).not.toContain('Hacked')
  })
})

describe('PUT /api/admin/content/pages/{slug}', () => {
  it('shows the new text on the public API and the server-rendered page at once, in each language', async () => {
    const mod = await moderator()
    // The page is drawn and kept first, as a visitor before the edit would have it.
    expect(await publicPage('/about')).not.toContain('Fika in Tashkent')
    const texts = {
      title: {
        ru: 'О Fika сегодня',
        en: 'About Fika today',
        oz: 'Fika haqida bugun',
        uz: 'Fika ҳақида бугун',
      },
      description: four('Lead'),
      body: {
        ru: 'Fika in Tashkent: **мастера** рядом',
        en: 'Fika in Tashkent: **specialists** nearby',
        oz: 'Fika in Tashkent: **ustalar** yaqinda',
        uz: 'Fika in Tashkent: **усталар** яқинда',
      },
    }
    const saved = await admin(mod, 'PUT', '/pages/about', texts)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ slug: 'about', kind: 'page', ...texts })

    for (const language of ['ru', 'en', 'oz', 'uz'] as const) {
      const page = (await publicApi('/pages/about', language)).json<{ title: string; body: string }>()
      expect(page.title).toBe(texts.title[language])
      expect(page.body).toBe(texts.body[language])
    }
    const html = await publicPage('/about')
    expect(html).toContain('<strong>мастера</strong>')
    expect(html).toContain('<title>О Fika сегодня')
    expect((await admin(mod, 'GET', '/pages/about')).json()).toMatchObject(texts)
    expect(await auditRows('content_page:about')).toEqual([
      {
        actorId: mod.id,
        action: 'content.page.save',
        reason:
          'title.ru, title.en, title.oz, title.uz, description.ru, description.en, description.oz, description.uz, body.ru, body.en, body.oz, body.uz',
      },
    ])
  })

  it('edits a legal document, and lists every page and document for the editor', async () => {
    const mod = await moderator()
    const list = (await admin(mod, 'GET', '/pages')).json<{ collection: { slug: string; kind: string }[] }>()
    expect(list.collection).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: 'faq', kind: 'page' }),
        expect.objectContaining({ slug: 'privacy-policy', kind: 'legal' }),
      ]),
    )
    const before = (await admin(mod, 'GET', '/pages/privacy-policy')).json()
    const saved = await admin(mod, 'PUT', '/pages/privacy-policy', {
      ...before,
      body: { ...before.body, en: 'We keep **nothing** we do not need.' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await publicApi('/legal/privacy-policy', 'en')).json().body).toBe(
      'We keep **nothing** we do not need.',
    )
    expect(await publicPage('/legal/privacy-policy?lang=en')).toContain('<strong>nothing</strong>')
    // Only what changed is logged, never the text.
    expect((await auditRows('content_page:privacy-policy')).map((row) => row.reason)).toEqual(['body.en'])
  })

  it('never serves a script a moderator wrote in a body: the page shows it as text', async () => {
    const mod = await moderator()
    const attack = '<script>alert("x")</script> <img src=x onerror=alert(1)> [link](javascript:alert(2))'
    const saved = await admin(mod, 'PUT', '/pages/usage', {
      ...pageTexts('Usage'),
      body: { ru: `Как пользоваться ${attack}`, en: '', oz: '', uz: '' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const html = await publicPage('/usage')
    expect(html).toContain('Как пользоваться')
    // The text may travel as data (the page's first answers, escaped), never as markup that runs.
    expect(html).not.toMatch(/<script>alert/)
    expect(html).not.toMatch(/<img[^>]*onerror/i)
    expect(html).not.toMatch(/href="javascript:/i)
    // The API answers JSON, whose text the app renders as Markdown without raw HTML.
    const api = await publicApi('/pages/usage')
    expect(api.headers['content-type']).toMatch(/^application\/json/)
  })

  it('refuses texts past their bounds, a missing Russian title and an unknown page, in the caller’s language', async () => {
    const mod = await moderator()
    const tooLong = await admin(
      mod,
      'PUT',
      '/pages/faq',
      {
        ...pageTexts('FAQ'),
        title: { ...four('FAQ'), en: 'x'.repeat(CONTENT_TITLE_MAX + 1) },
        body: { ...four('FAQ'), uz: 'x'.repeat(CONTENT_BODY_MAX + 1) },
      },
      'en',
    )
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json().error).toMatchObject({
      type: 'validation',
      code: 'content_title_max',
      message: translate('content_title_max', 'en', CONTENT_TITLE_MAX),
      fields: {
        'title.en': [translate('content_title_max', 'en', CONTENT_TITLE_MAX)],
        'body.uz': [translate('content_body_max', 'en', CONTENT_BODY_MAX)],
      },
    })
    expect(tooLong.json().error.message).toContain(String(CONTENT_TITLE_MAX))
    const noTitle = await admin(mod, 'PUT', '/pages/faq', { ...pageTexts('FAQ'), title: { ru: '  ' } }, 'oz')
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().error).toMatchObject({
      code: 'title_required',
      message: translate('title_required', 'oz'),
    })
    expect((await admin(mod, 'PUT', '/pages/faq', { title: 'FAQ' })).statusCode).toBe(400)
    expect((await admin(mod, 'PUT', '/pages/nowhere', pageTexts('x'))).statusCode).toBe(404)
    expect((await admin(mod, 'GET', '/pages/Not%20A%20Slug')).statusCode).toBe(404)
    // Nothing was kept.
    expect((await publicApi('/pages/faq', 'en')).json().title).not.toContain('x'.repeat(20))
  })
})

describe('the blog editor', () => {
  it('creates a draft nobody sees, publishes it into the blog and the sitemap, and unpublishes it out again', async () => {
    const mod = await moderator()
    const created = await admin(mod, 'POST', '/blog/posts', post('spring-cleaning-tips', false))
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({
      slug: 'spring-cleaning-tips',
      published_at: null,
      category: 'news',
    })
    expect((await publicApi('/blog/posts/spring-cleaning-tips')).statusCode).toBe(404)
    expect(await sitemapBlog()).not.toContain('spring-cleaning-tips')

    const published = await admin(
      mod,
      'PUT',
      '/blog/posts/spring-cleaning-tips',
      post('spring-cleaning-tips'),
    )
    expect(published.statusCode, published.body).toBe(200)
    expect(published.json().published_at).toMatch(/^\d{4}-/)
    expect((await publicApi('/blog/posts/spring-cleaning-tips', 'en')).json()).toMatchObject({
      title: 'Post spring-cleaning-tips en',
      body: 'Some **news** en',
    })
    const list = (await publicApi('/blog/posts?perPage=50')).json<{ collection: { slug: string }[] }>()
    expect(list.collection.map((row) => row.slug)).toContain('spring-cleaning-tips')
    expect(await sitemapBlog()).toContain(`${SITE}/blog/spring-cleaning-tips`)
    expect(await publicPage('/blog/spring-cleaning-tips')).toContain('<strong>news</strong>')

    await admin(mod, 'PUT', '/blog/posts/spring-cleaning-tips', post('spring-cleaning-tips', false))
    expect((await publicApi('/blog/posts/spring-cleaning-tips')).statusCode).toBe(404)
    expect(await sitemapBlog()).not.toContain('spring-cleaning-tips')
    expect(await publicPage('/blog/spring-cleaning-tips')).not.toContain('<strong>news</strong>')
    expect(
      (await auditRows('blog_post:spring-cleaning-tips')).map((row) => [row.action, row.reason]),
    ).toEqual([
      ['content.blog.create', 'draft'],
      ['content.blog.save', 'published'],
      ['content.blog.save', 'unpublished'],
    ])
  })

  it('renames a post’s address, and deleting it takes it off the blog and the sitemap', async () => {
    const mod = await moderator()
    await admin(mod, 'POST', '/blog/posts', post('old-address'))
    expect(await sitemapBlog()).toContain('/blog/old-address')
    const moved = await admin(mod, 'PUT', '/blog/posts/old-address', {
      ...post('old-address'),
      slug: 'new-address',
      category: 'for-customers',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await publicApi('/blog/posts/old-address')).statusCode).toBe(404)
    expect((await publicApi('/blog/posts/new-address')).json().category.slug).toBe('for-customers')
    expect(await sitemapBlog()).toContain('/blog/new-address')
    expect(await sitemapBlog()).not.toContain('/blog/old-address')

    const deleted = await admin(mod, 'DELETE', '/blog/posts/new-address')
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await publicApi('/blog/posts/new-address')).statusCode).toBe(404)
    expect(await sitemapBlog()).not.toContain('/blog/new-address')
    expect((await admin(mod, 'DELETE', '/blog/posts/new-address')).statusCode).toBe(404)
    expect((await auditRows('blog_post:new-address')).map((row) => [row.action, row.reason])).toEqual([
      ['content.blog.save', 'slug old-address -> new-address, category for-customers'],
      ['content.blog.delete', null],
    ])
  })

  it('refuses an address in use or badly written and an unknown category, in the caller’s language', async () => {
    const mod = await moderator()
    await admin(mod, 'POST', '/blog/posts', post('taken-address'))
    await admin(mod, 'POST', '/blog/posts', post('second-address'))
    const taken = await admin(mod, 'POST', '/blog/posts', post('taken-address'), 'uz')
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error).toMatchObject({ code: 'slug_taken', message: translate('slug_taken', 'uz') })
    const takenOnRename = await admin(mod, 'PUT', '/blog/posts/second-address', post('taken-address'))
    expect(takenOnRename.statusCode).toBe(409)
    for (const slug of ['Capital', 'with space', 'trailing-', 'кириллица', 'a'.repeat(101)]) {
      const bad = await admin(mod, 'POST', '/blog/posts', post(slug), 'en')
      expect(bad.statusCode, slug).toBe(400)
      expect(bad.json().error).toMatchObject({
        code: 'slug_invalid',
        message: translate('slug_invalid', 'en'),
      })
    }
    const noCategory = await admin(mod, 'POST', '/blog/posts', { ...post('lost-post'), category: 'nowhere' })
    expect(noCategory.statusCode).toBe(400)
    expect(noCategory.json().error.code).toBe('category_not_found')
    expect((await admin(mod, 'PUT', '/blog/posts/no-such-post', post('no-such-post'))).statusCode).toBe(404)
  })

  it('lists every post, drafts too, a page at a time', async () => {
    const mod = await moderator()
    await admin(mod, 'POST', '/blog/posts', post('listed-draft', false))
    const first = await admin(mod, 'GET', '/blog/posts')
    expect(first.statusCode, first.body).toBe(200)
    const rows = first.json<{ collection: { slug: string; published_at: string | null }[] }>().collection
    expect(rows).toContainEqual(expect.objectContaining({ slug: 'listed-draft', published_at: null }))
    expect(first.json().next_cursor).toBeNull()
    const badCursor = await admin(mod, 'GET', '/blog/posts?cursor=nonsense')
    expect(badCursor.statusCode).toBe(400)
    expect(badCursor.json().error.code).toBe('cursor_invalid')
    const categories = (await admin(mod, 'GET', '/blog/categories')).json()
    expect(categories.collection).toContainEqual(expect.objectContaining({ slug: 'news' }))
  })
})

describe('the marquee editor', () => {
  it('adds, edits, reorders and removes items, which the public marquee shows at once', async () => {
    const mod = await moderator()
    const publicTitles = async (language = 'ru') =>
      (await publicApi('/marquee', language))
        .json<{ collection: { title: string }[] }>()
        .collection.map((i) => i.title)
    const added = await admin(mod, 'POST', '/marquee', {
      title: { ru: 'Скидки недели', en: 'Deals of the week' },
    })
    expect(added.statusCode, added.body).toBe(201)
    const id = added.json<{ id: number }>().id
    expect((await publicTitles()).at(-1)).toBe('Скидки недели')
    // A language left empty shows the Russian text.
    expect((await publicTitles('oz')).at(-1)).toBe('Скидки недели')

    const edited = await admin(mod, 'PUT', `/marquee/${id}`, {
      title: { ru: 'Скидки дня', en: 'Deals of the day' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await publicTitles('en')).at(-1)).toBe('Deals of the day')

    const ids = (await admin(mod, 'GET', '/marquee'))
      .json<{ collection: { id: number }[] }>()
      .collection.map((i) => i.id)
    const reordered = await admin(mod, 'PUT', '/marquee/order', {
      ids: [id, ...ids.filter((other) => other !== id)],
    })
    expect(reordered.statusCode, reordered.body).toBe(200)
    expect((await publicTitles())[0]).toBe('Скидки дня')
    const partial = await admin(mod, 'PUT', '/marquee/order', { ids: [id] })
    expect(partial.statusCode).toBe(409)
    expect(partial.json().error.code).toBe('reorder_ids_invalid')

    expect((await admin(mod, 'DELETE', `/marquee/${id}`)).statusCode).toBe(200)
    expect(await publicTitles()).not.toContain('Скидки дня')
    expect((await admin(mod, 'PUT', `/marquee/${id}`, { title: four('Gone') })).statusCode).toBe(404)
    expect((await auditRows(`marquee_item:${id}`)).map((row) => [row.action, row.reason])).toEqual([
      ['content.marquee.create', null],
      ['content.marquee.save', 'title.ru, title.en'],
      ['content.marquee.delete', null],
    ])
    expect((await auditRows('marquee')).map((row) => row.action)).toEqual(['content.marquee.reorder'])
  })

  it('refuses an empty Russian text, too long a text and more items than the strip holds', async () => {
    const mod = await moderator()
    const empty = await admin(mod, 'POST', '/marquee', { title: { ru: ' ', en: 'Only English' } }, 'en')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toMatchObject({
      code: 'marquee_text_required',
      message: translate('marquee_text_required', 'en'),
    })
    const long = await admin(mod, 'POST', '/marquee', { title: { ru: 'x'.repeat(201) } }, 'ru')
    expect(long.statusCode).toBe(400)
    expect(long.json().error.code).toBe('marquee_text_max')
    const count = (await admin(mod, 'GET', '/marquee')).json().collection.length as number
    for (let i = count; i < MARQUEE_ITEMS_MAX; i++)
      expect((await admin(mod, 'POST', '/marquee', { title: { ru: `Пункт ${i}` } })).statusCode).toBe(201)
    const full = await admin(mod, 'POST', '/marquee', { title: { ru: 'Лишний' } }, 'en')
    expect(full.statusCode).toBe(409)
    expect(full.json().error).toMatchObject({
      code: 'marquee_full',
      message: translate('marquee_full', 'en', MARQUEE_ITEMS_MAX),
    })
    expect((await admin(mod, 'DELETE', '/marquee/not-a-number')).statusCode).toBe(404)
  })
})
