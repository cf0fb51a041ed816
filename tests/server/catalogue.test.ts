import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { V1 } from '#contract/endpoints.ts'
import { seedCatalogue, seedContent } from '#server/seed/catalogue-seed.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })

const get = (url: string, lang = 'ru') =>
  t.inject({ method: 'GET', url: `${V1}${url}`, headers: { 'accept-language': lang } })
type Brief = { id: number; name: string; slug: string; children_count?: number }
type Service = Brief & { category: { slug: string; name: string }; parent: number | null; children?: Brief[] }

describe('GET /categories', () => {
  it('answers the categories in home-page order with names in the asked language, and nothing extra by default', async () => {
    const ru = (await get('/categories')).json<{ collection: Record<string, unknown>[] }>().collection
    expect(ru.length).toBeGreaterThanOrEqual(14)
    expect(ru.slice(0, 4).map((c) => c.slug)).toEqual([
      'domashniy-personal',
      'obrazovanie-i-repetitorstvo',
      'mastera-po-remontu',
      'bukhgaltery-i-yuristy',
    ])
    expect(ru[0]).toMatchObject({ name: 'Домашний персонал' })
    expect(ru[0]).not.toHaveProperty('image')
    expect(ru[0]).not.toHaveProperty('priority_services')
    expect(ru[0]).not.toHaveProperty('services_count')
    const oz = (await get('/categories', 'oz')).json().collection
    expect(oz[0].name).not.toBe(ru[0]!.name)
    expect(oz[0].name).not.toMatch(/[\u0400-\u04FF]/)
  })

  it('adds images, at most three priority services and the service count as the home page asks', async () => {
    const response = await get('/categories?with=image,priority_services&count=services')
    expect(response.headers['cache-control']).toBe('public, max-age=60')
    for (const category of response.json().collection) {
      expect(category.image.path).toBe(`/categories/${category.slug}.svg`)
      expect(category.priority_services.length).toBeGreaterThan(0)
      expect(category.priority_services.length).toBeLessThanOrEqual(3)
      expect(category.services_count).toBeGreaterThan(category.priority_services.length)
      for (const service of category.priority_services) expect(service).toHaveProperty('children_count')
    }
  })

  it('counts the children of the priority services, so a card sends a service with children to select', async () => {
    const home = (await get('/categories?with=priority_services')).json().collection
    const all = (await get('/categories?with=services')).json().collection
    const childrenOf = new Map<string, number>(
      all.flatMap((category: { services: Service[] }) =>
        category.services.map((service) => [service.slug, service.children_count ?? 0] as const),
      ),
    )
    const repairs = home.find((c: { slug: string }) => c.slug === 'mastera-po-remontu')
    const electrics = repairs.priority_services.find((s: Brief) => s.slug === 'elektrika')
    expect(electrics.children_count).toBeGreaterThanOrEqual(4)
    for (const category of home)
      for (const service of category.priority_services as Brief[])
        expect(service.children_count, service.slug).toBe(childrenOf.get(service.slug))
  })

  it('adds every top-level service with its children count for the all-services page', async () => {
    const collection = (await get('/categories?with=services')).json().collection
    const repairs = collection.find((c: { slug: string }) => c.slug === 'mastera-po-remontu')
    const electrics = repairs.services.find((s: Service) => s.slug === 'elektrika')
    expect(electrics.children_count).toBeGreaterThanOrEqual(4)
    expect(repairs.services.every((s: Service) => s.parent === null)).toBe(true)
  })

  it('answers 400 for an unknown `with`', async () => {
    const response = await get('/categories?with=everything')
    expect(response.statusCode).toBe(400)
    expect(response.json().error.type).toBe('validation')
  })
})

describe('GET /categories/{id}', () => {
  it('answers a category by id or by slug with its services and their children', async () => {
    const bySlug = (await get('/categories/mastera-po-remontu')).json()
    const byId = (await get(`/categories/${bySlug.id}`)).json()
    expect(byId).toEqual(bySlug)
    const electrics = bySlug.services.find((s: Service) => s.slug === 'elektrika')
    expect(electrics.children.length).toBeGreaterThanOrEqual(4)
    expect(electrics.children_count).toBe(electrics.children.length)
    expect(bySlug.services_count).toBeGreaterThan(bySlug.services.length)
  })

  it('answers 404 for an unknown category', async () => {
    const response = await get('/categories/no-such-category', 'en')
    expect(response.statusCode).toBe(404)
    expect(response.json().error).toMatchObject({ code: 'not_found', message: 'Nothing found' })
  })
})

describe('GET /categories/{id}/restnew/{slug}', () => {
  it('answers the service of a slug within its category, with its children', async () => {
    const electrics = (await get('/categories/mastera-po-remontu/restnew/elektrika')).json()
    expect(electrics).toMatchObject({
      slug: 'elektrika',
      parent: null,
      category: { slug: 'mastera-po-remontu' },
    })
    expect(electrics.children_count).toBeGreaterThanOrEqual(4)
    const cleaning = (await get('/categories/domashniy-personal/restnew/uborka')).json()
    expect(cleaning.children_count).toBe(0)
    expect((await get('/categories/domashniy-personal/restnew/elektrika')).statusCode).toBe(404)
  })
})

describe('GET /services', () => {
  it('pages 10 at a time by default and says how many there are', async () => {
    const first = (await get('/services')).json()
    expect(first.collection).toHaveLength(10)
    expect(first.meta).toMatchObject({ page: 1, perPage: 10 })
    expect(first.meta.total).toBeGreaterThanOrEqual(200)
    const second = (await get('/services?page=2')).json()
    expect(second.collection.map((s: Service) => s.id)).not.toEqual(
      first.collection.map((s: Service) => s.id),
    )
    expect((await get('/services?perPage=25')).json().collection).toHaveLength(25)
    expect((await get('/services?perPage=500')).statusCode).toBe(400)
    expect((await get('/services?page=0')).statusCode).toBe(400)
  })

  it('filters by category (id or slug) and by parent', async () => {
    const bySlug = (await get('/services?category=bukhgaltery-i-yuristy&perPage=100')).json()
    expect(bySlug.collection.every((s: Service) => s.category.slug === 'bukhgaltery-i-yuristy')).toBe(true)
    const categoryId = bySlug.collection[0].category.id
    expect((await get(`/services?category=${categoryId}&perPage=100`)).json().meta.total).toBe(
      bySlug.meta.total,
    )
    const lawyers = (await get('/categories/bukhgaltery-i-yuristy/restnew/yuristy')).json()
    const children = (await get(`/services?parent=${lawyers.id}`)).json()
    expect(children.meta.total).toBe(lawyers.children_count)
    expect(children.collection.every((s: Service) => s.parent === lawyers.id)).toBe(true)
    expect((await get('/services?category=nothing-like-this')).json().meta.total).toBe(0)
  })

  it('adds children and their count on request', async () => {
    const plain = (await get('/services?category=mastera-po-remontu')).json().collection[0]
    expect(plain).not.toHaveProperty('children_count')
    expect(plain).not.toHaveProperty('children')
    const counted = (
      await get('/services?category=mastera-po-remontu&with=category,children&count=children')
    ).json()
    const electrics = counted.collection.find((s: Service) => s.slug === 'elektrika')
    expect(electrics.children_count).toBeGreaterThanOrEqual(4)
    expect(electrics.children).toHaveLength(electrics.children_count)
    expect(electrics.category).toMatchObject({ slug: 'mastera-po-remontu', name: 'Мастера по ремонту' })
  })
})

describe('GET /services?search=', () => {
  const firstSlugs = async (search: string, lang = 'ru') =>
    (await get(`/services?search=${encodeURIComponent(search)}&count=children`, lang))
      .json<{ collection: Service[] }>()
      .collection.map((s) => s.slug)

  it.each(['elektr', 'электр', 'elektrik', 'электрик', 'Electrician', 'ЭЛЕКТРИКА'])(
    'finds the electrician for "%s" among the first results',
    async (search) => {
      expect((await firstSlugs(search)).slice(0, 3)).toContain('elektrika')
    },
  )

  it('finds a service by its Uzbek name in either script', async () => {
    const latin = await firstSlugs('tozalash')
    const cyrillic = await firstSlugs('тозалаш')
    expect(latin).toContain('uborka')
    expect(cyrillic).toEqual(latin)
  })

  it('tolerates a typo', async () => {
    expect(await firstSlugs('elektrk')).toContain('elektrika')
    expect(await firstSlugs('yurisy')).toContain('yuristy')
  })

  it('ranks the exact name first, then names that start with the text', async () => {
    expect((await firstSlugs('IELTS'))[0]).toBe('ielts')
    expect((await firstSlugs('Уборка'))[0]).toBe('uborka')
    const electricsPrefix = await firstSlugs('электри')
    expect(electricsPrefix[0]).toBe('elektrika')
  })

  it.each([
    ['электирк', 'elektrika'],
    ['elektirk', 'elektrika'],
    ['уброка', 'uborka'],
  ])('finds what was meant first when "%s" has swapped or dropped letters', async (search, slug) => {
    expect((await firstSlugs(search))[0]).toBe(slug)
  })

  it('lists the services named "электр…" before those whose description only mentions it', async () => {
    const found = await get(`/services?search=${encodeURIComponent('электр')}&with=category`)
    const services = found.json<{ collection: Service[] }>().collection.map((service) => service.slug)
    expect(services[0]).toBe('elektrika')
    // Physics and HR mention electricity or electronic papers in their descriptions only.
    for (const named of ['elektrika', 'elektroshchit', 'avtoelektrik']) {
      expect(services.indexOf(named), named).toBeLessThan(services.indexOf('fizika'))
      expect(services.indexOf(named), named).toBeLessThan(services.indexOf('kadrovyy-uchet'))
    }
    // A description match in the electricians' own category comes before one elsewhere.
    expect(services.indexOf('poisk-neispravnostey')).toBeLessThan(services.indexOf('fizika'))
  })

  it('lists the Uzbek "tozalash" services by name, the top-level cleaning first', async () => {
    const slugs = await firstSlugs('tozalash')
    expect(slugs[0]).toBe('uborka')
    expect(slugs.slice(0, 4)).toEqual(expect.arrayContaining(['uborka', 'uborka-ofisov']))
  })

  it('finds both electricians first for the English "Electrician"', async () => {
    expect((await firstSlugs('Electrician')).slice(0, 2).sort()).toEqual(['avtoelektrik', 'elektrika'])
  })

  it('answers an empty collection, not an error, when nothing matches', async () => {
    const response = await get('/services?search=zzqqxxjj')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ collection: [], meta: { total: 0 } })
  })

  it('combines the search with a category', async () => {
    const slugs = await firstSlugs('yurist')
    expect(slugs.length).toBeGreaterThan(0)
    const inOther = (await get('/services?search=yurist&category=domashnie-zhivotnye')).json()
    expect(inOther.meta.total).toBe(0)
  })
})

describe('GET /services/{id}', () => {
  it('answers one service with its category and children, or 404', async () => {
    const electrics = (await get('/categories/mastera-po-remontu/restnew/elektrika')).json()
    const child = (await get(`/services?parent=${electrics.id}`)).json().collection[0]
    expect(child.parent_slug).toBe('elektrika')
    const byId = (await get(`/services/${electrics.id}`, 'en')).json()
    expect(byId).toMatchObject({
      id: electrics.id,
      slug: 'elektrika',
      category: { slug: 'mastera-po-remontu' },
    })
    expect(byId.name).not.toMatch(/[\u0400-\u04FF]/)
    expect((await get('/services/999999')).statusCode).toBe(404)
  })
})

describe('POST /services', () => {
  const propose = (token: string | undefined, payload: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: `${V1}/services`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  it('needs a login', async () => {
    expect(
      (await propose(undefined, { name: 'Настройка умного дома', category: 'mastera-po-remontu' }))
        .statusCode,
    ).toBe(401)
  })

  it('keeps a proposed service pending and out of the public catalogue', async () => {
    const { token } = await register(t)
    const response = await propose(token, { name: 'Настройка умного дома', category: 'mastera-po-remontu' })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      name: 'Настройка умного дома',
      status: 'pending',
      category: { slug: 'mastera-po-remontu' },
    })
    expect((await get('/services?search=umnogo doma')).json().meta.total).toBe(0)
    expect((await get(`/services/${response.json().id}`)).statusCode).toBe(404)
  })

  it('checks the name, the category and the parent', async () => {
    const { token } = await register(t)
    const short = await propose(token, { name: 'x', category: 'mastera-po-remontu' })
    expect(short.json().error).toMatchObject({
      code: 'service_name_required',
      fields: { name: ['Укажите название услуги'] },
    })
    expect(
      (await propose(token, { name: 'a'.repeat(61), category: 'mastera-po-remontu' })).json().error.code,
    ).toBe('service_name_max')
    expect((await propose(token, { name: 'Новая услуга', category: 'no-such' })).json().error.code).toBe(
      'category_not_found',
    )
    const lawyers = (await get('/categories/bukhgaltery-i-yuristy/restnew/yuristy')).json()
    const wrongParent = await propose(token, {
      name: 'Новая услуга',
      category: 'mastera-po-remontu',
      parent: lawyers.id,
    })
    expect(wrongParent.json().error.code).toBe('parent_not_in_category')
  })
})

describe('GET /settings and GET /marquee', () => {
  it('answers the public settings with the specialists bot', async () => {
    const settings = (await get('/settings')).json()
    expect(settings.bot_url).toMatch(/^https:\/\/t\.me\//)
    expect(settings).toHaveProperty('support_email')
  })

  it('answers the marquee items in the asked language', async () => {
    const ru = (await get('/marquee')).json().collection
    const en = (await get('/marquee', 'en')).json().collection
    expect(ru.length).toBeGreaterThanOrEqual(3)
    expect(ru[0].title).toMatch(/[\u0400-\u04FF]/)
    expect(en[0].title).toBe('Posting an order is free')
  })
})

describe('the seed', () => {
  it('never duplicates rows when it runs again', async () => {
    const count = async () =>
      ((await t.db.db.execute(sql`select count(*)::int as n from services`)) as { rows: { n: number }[] })
        .rows[0]!.n
    const before = await count()
    expect(await seedCatalogue(t.db.db)).toBe(0)
    expect(await seedContent(t.db.db)).toBe(0)
    expect(await count()).toBe(before)
  })
})
