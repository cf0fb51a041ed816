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

  it('answers 404 for a page that does not exist', async () => {
    expect((await get('/pages/no-such-page')).statusCode).toBe(404)
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
