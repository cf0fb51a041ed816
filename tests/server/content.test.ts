import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })
const get = (url: string, lang = 'ru') =>
  t.inject({ method: 'GET', url: `${V1}${url}`, headers: { 'accept-language': lang } })

describe('GET /pages/{slug}', () => {
  it.each(['about', 'contact', 'faq', 'usage', 'forcustomers', 'patent', 'termsofuse', 'support'])(
    'answers %s in Russian and in English with a Markdown body',
    async (slug) => {
      const ru = (await get(`/pages/${slug}`)).json()
      const en = (await get(`/pages/${slug}`, 'en')).json()
      expect(ru.title).toMatch(/[\u0400-\u04FF]/)
      expect(en.title).not.toMatch(/[\u0400-\u04FF]/)
      expect(ru.body).toContain('## ')
      expect(ru.description.length).toBeGreaterThan(40)
    },
  )

  // The support chat is the button on /support itself (src/features/chat-entry, its label in each language): the
  // page's text names that button, not a menu path that does not exist.
  it.each([
    ['ru', 'Открыть чат поддержки'],
    ['oz', "Qo'llab-quvvatlash chatini ochish"],
    ['uz', 'Қўллаб-қувватлаш чатини очиш'],
    ['en', 'Open support chat'],
  ])('points the %s support page to the chat button that is on it', async (lang, button) => {
    const { body } = (await get('/pages/support', lang)).json()
    expect(body).toContain(button)
    expect(body).not.toContain('→')
  })

  it('answers 404 for a page that does not exist', async () => {
    expect((await get('/pages/no-such-page')).statusCode).toBe(404)
  })
})

describe('the claims of the copy', () => {
  // The catalogue holds hundreds of services and the app counts no orders a month: "10,000+ services" and
  // "300,000 orders monthly" would not be true, so no page and no marquee item says so.
  it('claims neither 10,000 services nor 300,000 orders a month, in any language', async () => {
    const counted = (await t.db.db.execute(sql`select count(*)::int as n from services`)) as {
      rows: { n: number }[]
    }
    expect(counted.rows[0]!.n).toBeLessThan(10_000)
    const claim = /(10|300)[\s,.\u00a0]000/
    for (const lang of ['ru', 'oz', 'uz', 'en']) {
      for (const slug of ['about', 'forcustomers', 'usage', 'faq'])
        expect((await get(`/pages/${slug}`, lang)).json().body).not.toMatch(claim)
      const marquee: { title: string }[] = (await get('/marquee', lang)).json().collection
      for (const item of marquee) expect(item.title).not.toMatch(claim)
    }
  })
})

describe('legal documents', () => {
  it('lists the documents without their bodies and answers each one', async () => {
    const list = (await get('/legal')).json().collection
    expect(list.map((d: { slug: string }) => d.slug)).toContain('privacy-policy')
    expect(list[0]).not.toHaveProperty('body')
    const privacy = (await get('/legal/privacy-policy', 'oz')).json()
    expect(privacy.body.length).toBeGreaterThan(500)
    expect((await get('/legal/no-such-document')).statusCode).toBe(404)
  })
})

describe('the blog', () => {
  it('answers categories, posts newest first by category, and one post by slug', async () => {
    const categories = (await get('/blog/categories')).json().collection
    expect(categories).toHaveLength(3)
    const all = (await get('/blog/posts')).json()
    expect(all.meta.total).toBeGreaterThanOrEqual(6)
    const dates = all.collection.map((p: { published_at: string }) => p.published_at)
    expect([...dates].sort().reverse()).toEqual(dates)
    const news = (await get('/blog/posts?category=news')).json()
    expect(news.collection.every((p: { category: { slug: string } }) => p.category.slug === 'news')).toBe(
      true,
    )
    const post = (await get(`/blog/posts/${all.collection[0].slug}`, 'uz')).json()
    expect(post.body).toMatch(/[\u0400-\u04FF]/)
    expect((await get('/blog/posts/no-such-post')).statusCode).toBe(404)
    expect((await get('/blog/posts?perPage=2')).json().collection).toHaveLength(2)
  })
})
