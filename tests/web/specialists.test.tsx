import { i18n } from '@lingui/core'
import axe from 'axe-core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ExecutorCard, PublicProfile, UserReview } from '#contract/schemas/specialists.ts'
import { tashkentInstant } from '#src/lib/tashkent-entry.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'
import { executorsQueryOf } from '#src/features/executors/executors-query.ts'
import { parseExecutorsSearch } from '#src/features/executors/executors-search.ts'
import { formatDate } from '#src/lib/format.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { profileOf, stubApi, V1 } from './helpers.tsx'

const space = (text: string) => text.replace(/\s/g, ' ')

beforeEach(() => {
  act(() => useSession.getState().clear())
})

function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

const line = (id: number, name: string, from: number | null, to: number | null) => ({
  id,
  service: { id: 100 + id, name, slug: `service-${id}` },
  price_from: from,
  price_to: to,
  active: true,
})

const card = (overrides: Partial<ExecutorCard> = {}): ExecutorCard => ({
  id: 42,
  slug: 'bobur-karimov-42',
  name: 'Бобур',
  surname: 'Каримов',
  avatar_thumb: '/uploads/avatars/42-thumb.webp',
  rating: 4.8,
  reviews_count: 12,
  verification: 1,
  is_online: true,
  discount_percent: 10,
  districts: ['Чиланзарский район', 'Юнусабадский район'],
  services: [line(1, 'Замена проводки', 15_000_000, 40_000_000)],
  ...overrides,
})

const executorsPage = (
  collection: ExecutorCard[],
  total = collection.length,
  page = 1,
  next_cursor: string | null = null,
  promoted: ExecutorCard[] = [],
) => ({
  json: { collection, promoted, meta: { page, perPage: 12, total, next_cursor } },
})

const categories = {
  json: {
    collection: [
      {
        id: 3,
        name: 'Электрика',
        slug: 'elektrika',
        subtitle: '',
        services: [
          {
            id: 11,
            name: 'Электромонтаж',
            slug: 'elektromontazh',
            description: null,
            parent: null,
            parent_slug: null,
            status: 'approved',
            category: { id: 3, slug: 'elektrika', name: 'Электрика' },
          },
        ],
      },
    ],
  },
}
const districts = {
  json: {
    collection: [
      {
        id: 1,
        name: 'Ташкент',
        districts: [
          { id: 5, name: 'Чиланзарский район', region_id: 1 },
          { id: 6, name: 'Юнусабадский район', region_id: 1 },
        ],
      },
    ],
  },
}

describe('the specialists list in the address', () => {
  it('drops wrong values of a hand-edited address and asks the API in tiyin', () => {
    const search = parseExecutorsSearch({
      service: '11',
      district: 'x',
      verified: '1',
      rating_min: '4.5',
      price_from: '100000',
      price_to: '-3',
      sort: 'cheapest',
      search: '  электрик ',
    })
    expect(search).toEqual({
      service: 11,
      verified: 1,
      rating_min: 4.5,
      price_from: 100_000,
      search: 'электрик',
    })
    expect(executorsQueryOf(search, 2, 12)).toEqual({
      service: '11',
      verified: '1',
      rating_min: '4.5',
      price_from: '10000000',
      search: 'электрик',
      sort: 'rating',
      page: '2',
      perPage: '12',
    })
  })
})

describe('/executors', () => {
  it('lists the specialists the API answers, with their badge, rating, districts and prices', async () => {
    stubApi({
      [`GET ${V1}/executors`]: () => executorsPage([card()]),
      [`GET ${V1}/categories`]: () => categories,
      [`GET ${V1}/districts`]: () => districts,
    })
    openApp('/executors')
    const item = await screen.findByRole('article', { name: 'Бобур Каримов' })
    expect(within(item).getByRole('link', { name: 'Бобур Каримов' }).getAttribute('href')).toBe(
      '/profile/bobur-karimov-42',
    )
    expect(within(item).getByText('Проверен')).toBeTruthy()
    expect(within(item).getByRole('img', { name: 'Рейтинг 4,8 из 5' })).toBeTruthy()
    expect(within(item).getByText('Отзывов: 12')).toBeTruthy()
    expect(within(item).getByText('В сети')).toBeTruthy()
    expect(within(item).getByText('Скидка 10%')).toBeTruthy()
    expect(within(item).getByText(/Чиланзарский район, Юнусабадский район/)).toBeTruthy()
    const services = within(item).getByRole('list', { name: 'Услуги и цены' })
    expect(space(services.textContent!)).toContain('Замена проводки150 000 – 400 000 сум')
  })

  it('ignores parameters of a hand-edited address the API would refuse, and lists the specialists', async () => {
    const api = stubApi({
      [`GET ${V1}/executors`]: () => executorsPage([card()]),
      [`GET ${V1}/categories`]: () => categories,
      [`GET ${V1}/districts`]: () => districts,
    })
    openApp(
      '/executors?district=chilonzor&service=0&category=99999999999&price_to=99999999999999&rating_min=9&sort=cheapest&verified=yes',
    )
    expect(await screen.findByRole('article', { name: 'Бобур Каримов' })).toBeTruthy()
    const query = Object.fromEntries(api.last('GET', `${V1}/executors`)!.query)
    expect(query).toEqual({ page: '1', perPage: '12', sort: 'rating' })
  })

  it('puts the chosen filters into the address and asks the API for them, prices in tiyin', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      [`GET ${V1}/executors`]: (call) =>
        executorsPage(call.query.get('district') === '6' ? [card({ name: 'Найден' })] : [card()]),
      [`GET ${V1}/categories`]: () => categories,
      [`GET ${V1}/districts`]: () => districts,
    })
    const router = openApp('/executors')
    await screen.findByRole('article', { name: 'Бобур Каримов' })
    expect(api.last('GET', `${V1}/executors`)!.query.get('sort')).toBe('rating')

    await user.type(screen.getByRole('searchbox', { name: 'Имя или услуга' }), 'свет')
    await user.click(screen.getByText('Фильтры'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Категория' }), 'Электрика')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Услуга' }), 'Электромонтаж')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Район' }), 'Юнусабадский район')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Рейтинг не ниже' }), '4')
    await user.type(screen.getByRole('textbox', { name: 'До' }), '500000')
    await user.click(screen.getByRole('checkbox', { name: 'Только проверенные специалисты' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'По числу отзывов')
    await user.click(screen.getByRole('button', { name: 'Найти специалистов' }))

    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        search: 'свет',
        category: 3,
        service: 11,
        district: 6,
        verified: 1,
        rating_min: 4,
        price_to: 500_000,
        sort: 'reviews',
      }),
    )
    expect(await screen.findByRole('article', { name: 'Найден Каримов' })).toBeTruthy()
    const query = Object.fromEntries(api.last('GET', `${V1}/executors`)!.query)
    expect(query).toMatchObject({
      search: 'свет',
      category: '3',
      service: '11',
      district: '6',
      verified: '1',
      rating_min: '4',
      price_to: '50000000',
      sort: 'reviews',
      page: '1',
    })
  })

  it('says the spec’s “no executors for this service type” when nothing matches', async () => {
    stubApi({
      [`GET ${V1}/executors`]: () => executorsPage([]),
      [`GET ${V1}/districts`]: () => districts,
    })
    openApp('/executors?service=11&district=5')
    expect(await screen.findByText('Нет исполнителей по этому виду услуг')).toBeTruthy()
    expect(screen.getByText('Фильтры (2)')).toBeTruthy()
  })

  it('loads the next page after the cursor the page before gave, and stops where the server says it ends', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      [`GET ${V1}/executors`]: (call) => {
        const page = call.query.get('cursor') === 'after-first-page' ? 2 : 1
        return executorsPage(
          Array.from({ length: 12 }, (_, index) =>
            card({ id: page * 100 + index, slug: `s-${page}-${index}`, name: `Мастер ${page}-${index}` }),
          ),
          // More than it gives: a total that grew meanwhile (or was capped) does not make the list go on.
          30,
          page,
          page === 1 ? 'after-first-page' : null,
        )
      },
    })
    openApp('/executors')
    await screen.findByRole('article', { name: 'Мастер 1-11 Каримов' })
    expect(screen.getByText('Найдено специалистов: 30')).toBeTruthy()
    expect(api.last('GET', `${V1}/executors`)!.query.get('cursor')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Показать ещё специалистов' }))
    expect(await screen.findByRole('article', { name: 'Мастер 2-11 Каримов' })).toBeTruthy()
    expect(api.last('GET', `${V1}/executors`)!.query.get('cursor')).toBe('after-first-page')
    expect(screen.queryByRole('button', { name: 'Показать ещё специалистов' })).toBeNull()
  })

  it('shows the promoted specialists above the list, each marked, in a labelled list with no axe violation', async () => {
    const user = userEvent.setup()
    const promotedCard = card({ id: 7, slug: 'promoted-7', name: 'Алишер', discount_percent: 0 })
    const api = stubApi({
      [`GET ${V1}/executors`]: (call) => {
        const page = call.query.get('cursor') === 'after-first-page' ? 2 : 1
        return executorsPage(
          Array.from({ length: 12 }, (_, index) =>
            card({ id: page * 100 + index, slug: `s-${page}-${index}`, name: `Мастер ${page}-${index}` }),
          ).concat(page === 1 ? [card({ id: 7, slug: 'promoted-7', name: 'Алишер' })] : []),
          30,
          page,
          page === 1 ? 'after-first-page' : null,
          // The server answers the promoted ones with the first page only.
          page === 1 ? [promotedCard] : [],
        )
      },
      [`GET ${V1}/categories`]: () => categories,
      [`GET ${V1}/districts`]: () => districts,
    })
    const view = openApp('/executors')
    const promoted = await screen.findByRole('list', { name: 'Продвигаемые специалисты' })
    const item = within(promoted).getByRole('article', { name: 'Алишер Каримов' })
    expect(within(item).getByText('Продвигается')).toBeTruthy()
    // Above the list, which may list the same specialist, unmarked.
    const results = screen.getByRole('region', { name: 'Результаты поиска' })
    const lists = within(results)
      .getAllByRole('list')
      .filter((list) => list.classList.contains('executors__list'))
    expect(lists[0]).toBe(promoted)
    const listed = within(lists[1]!).getByRole('article', { name: 'Алишер Каримов' })
    expect(within(listed).queryByText('Продвигается')).toBeNull()
    expect(screen.getAllByText('Продвигается')).toHaveLength(1)
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations.map((violation) => violation.id)).toEqual([])

    // The next page keeps them where they are, and asks for none.
    await user.click(screen.getByRole('button', { name: 'Показать ещё специалистов' }))
    await screen.findByRole('article', { name: 'Мастер 2-11 Каримов' })
    expect(api.last('GET', `${V1}/executors`)!.query.get('cursor')).toBe('after-first-page')
    expect(screen.getByRole('list', { name: 'Продвигаемые специалисты' })).toBe(promoted)

    // Another search shows the promoted ones its own first page answers.
    await act(() => view.navigate({ to: '/executors', search: { district: 5 } }))
    await waitFor(() => expect(api.last('GET', `${V1}/executors`)!.query.get('district')).toBe('5'))
    expect(await screen.findByRole('list', { name: 'Продвигаемые специалисты' })).toBeTruthy()
  })

  it('offers a retry when the list could not be loaded', async () => {
    const user = userEvent.setup()
    let fail = true
    stubApi({
      [`GET ${V1}/executors`]: () =>
        fail
          ? { status: 500, json: { error: { type: 'server', code: 'error_occurred', message: 'Ошибка' } } }
          : executorsPage([card()]),
    })
    openApp('/executors')
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить специалистов.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Повторить' }))
    expect(await screen.findByRole('article', { name: 'Бобур Каримов' })).toBeTruthy()
  })
})

const review = (overrides: Partial<UserReview> = {}): UserReview => ({
  id: 1,
  order_id: 9,
  rating: 5,
  comment: 'Всё сделал аккуратно и быстро',
  created_at: '2026-11-20T10:00:00.000Z',
  author: 'Дилноза Р.',
  service: { id: 101, name: 'Замена проводки' },
  ...overrides,
})

const publicProfile = (overrides: Partial<PublicProfile> = {}): PublicProfile => ({
  id: 42,
  slug: 'bobur-karimov-42',
  name: 'Бобур',
  surname: 'Каримов',
  avatar: '/uploads/avatars/42.webp',
  avatar_thumb: '/uploads/avatars/42-thumb.webp',
  rating: 4.8,
  reviews_count: 12,
  is_online: false,
  last_seen_at: '2026-11-23T08:30:00.000Z',
  verification: 1,
  about: 'Электрик с 10-летним опытом.',
  languages: ['ru', 'uz'],
  accepts_orders: true,
  works_remotely: false,
  accepts_at_own_place: true,
  looking_for_internship: false,
  discount_percent: 15,
  discount_text: 'Новым клиентам',
  districts: [{ id: 5, name: 'Чиланзарский район', region_id: 1 }],
  work_addresses: ['Ташкент, ул. Бунёдкор, 12'],
  specialities: [
    {
      id: 1,
      user_id: 42,
      category: { id: 3, name: 'Электрика', slug: 'elektrika' },
      active: true,
      services: [
        line(1, 'Замена проводки', 15_000_000, 40_000_000),
        line(2, 'Установка розетки', 5_000_000, null),
      ],
    },
    {
      id: 2,
      user_id: 42,
      category: { id: 4, name: 'Сантехника', slug: 'santehnika' },
      active: true,
      services: [line(3, 'Замена смесителя', null, null)],
    },
  ],
  documents: [
    { id: 1, name: 'Допуск электрика', description: null, files: ['/uploads/docs/1.webp'], position: 0 },
  ],
  works: [
    {
      id: 1,
      title: 'Проводка в квартире',
      description: 'Трёхкомнатная, Чиланзар',
      photos: ['/uploads/works/1.webp', '/uploads/works/2.webp'],
      position: 0,
    },
  ],
  latest_reviews: [review()],
  created_at: '2026-01-10T10:00:00.000Z',
  ...overrides,
})

describe('/profile/{slug}', () => {
  it('shows prices by category, discount, districts, portfolio and reviews, and never a private field', async () => {
    stubApi({
      // Even if private fields reached the page, the screen has no place for them.
      [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({
        json: {
          ...publicProfile(),
          phone: '998901234567',
          email: 'bobur@example.com',
          birthday: '1990-05-05',
          address: 'Ташкент, ул. Домашняя, 1',
        },
      }),
      [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    })
    openApp('/profile/bobur-karimov-42')
    expect(await screen.findByRole('heading', { name: 'Бобур Каримов', level: 1 })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Бобур Каримов — Fika'))
    expect(screen.getByText('Проверен')).toBeTruthy()
    expect(screen.getByText('Отзывов: 12')).toBeTruthy()
    expect(screen.getByText(/^Был\(а\) в сети 23 ноября 2026/)).toBeTruthy()

    const services = screen.getByRole('region', { name: 'Услуги и цены' })
    expect(within(services).getByRole('heading', { name: 'Электрика', level: 3 })).toBeTruthy()
    expect(within(services).getByRole('heading', { name: 'Сантехника', level: 3 })).toBeTruthy()
    expect(space(within(services).getByText('Замена проводки').parentElement!.textContent!)).toBe(
      'Замена проводки150 000 – 400 000 сум',
    )
    expect(space(within(services).getByText('Установка розетки').parentElement!.textContent!)).toBe(
      'Установка розеткиот 50 000 сум',
    )
    expect(within(services).getByText('Скидка 15%')).toBeTruthy()
    expect(within(services).getByText(/Новым клиентам/)).toBeTruthy()

    const where = screen.getByRole('region', { name: 'Где работает' })
    expect(within(where).getByText('Чиланзарский район')).toBeTruthy()
    expect(within(where).getByText('Ташкент, ул. Бунёдкор, 12')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Отзывы' }).textContent).toContain('Всё сделал аккуратно')
    expect(screen.getByRole('link', { name: 'Все отзывы (12)' }).getAttribute('href')).toBe('/feedbacks/42')

    const page = document.body.textContent!
    for (const secret of ['998901234567', '90 123', 'bobur@example.com', '1990', 'Домашняя'])
      expect(page).not.toContain(secret)

    const canonical = document.head.querySelector('link[rel="canonical"]')!
    expect(canonical.getAttribute('href')).toBe('http://localhost:8080/profile/bobur-karimov-42')
    expect(document.head.querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe(
      'http://localhost:8080/uploads/avatars/42.webp',
    )
    expect(document.head.querySelector('meta[name="description"]')!.getAttribute('content')).toBe(
      'Бобур Каримов, специалист на Fika: Замена проводки, Установка розетки, Замена смесителя. Рейтинг 4,8, отзывов: 12.',
    )
  })

  it('names the languages the specialist speaks in the reader’s language, not by their codes', async () => {
    stubApi({
      [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({
        json: publicProfile({
          languages: ['uz', 'ru', 'kaa'],
          districts: [],
          work_addresses: [],
          accepts_at_own_place: false,
        }),
      }),
      [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    })
    openApp('/profile/bobur-karimov-42')
    const where = await screen.findByRole('region', { name: 'Где работает' })
    expect(within(where).getByText('Языки: Узбекский, Русский, Каракалпакский')).toBeTruthy()
  })

  it('opened by user id, names the slug address as canonical', async () => {
    stubApi({
      [`GET ${V1}/myprofile/42`]: () => ({ json: publicProfile() }),
      [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    })
    openApp('/profile/42')
    await screen.findByRole('heading', { name: 'Бобур Каримов', level: 1 })
    expect(document.head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(
      'http://localhost:8080/profile/bobur-karimov-42',
    )
  })

  it('offers a logged-in customer the direct order to this specialist and a way into the chat', async () => {
    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ type: 'customer' }) as never }),
    )
    stubApi({
      [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({ json: publicProfile() }),
      [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    })
    openApp('/profile/bobur-karimov-42')
    const order = await screen.findByRole('link', { name: 'Заказать у специалиста' })
    expect(order.getAttribute('href')).toBe('/direct/order?executor=42')
    const chat = screen.getByRole('button', { name: 'Перейти в чат' }) as HTMLButtonElement
    expect(chat.disabled).toBe(false)
  })

  it('asks a guest to log in before ordering, and offers no order on one’s own profile', async () => {
    stubApi({
      [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({ json: publicProfile() }),
      [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    })
    openApp('/profile/bobur-karimov-42')
    expect(await screen.findByRole('button', { name: 'Войдите, чтобы заказать' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Заказать у специалиста' })).toBeNull()
    cleanup()

    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ id: 42, type: 'executor' }) as never }),
    )
    openApp('/profile/bobur-karimov-42')
    expect(await screen.findByRole('button', { name: 'Поделиться' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Заказать у специалиста' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Войдите, чтобы заказать' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Перейти в чат' })).toBeNull()
  })

  it('shows the days of the next weeks as busy or free, from the busy times only', async () => {
    // Days in Tashkent, whatever the zone the test runs in: the calendar shows Tashkent's days.
    const now = new Date()
    const inDays = (days: number, time: string) =>
      tashkentInstant(tashkentDay(new Date(now.getTime() + days * 24 * 3600_000)), time)!
    const tomorrow = inDays(1, '10:00')
    const inTenDays = inDays(10, '09:00')
    const api = stubApi({
      [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({ json: publicProfile() }),
      [`GET ${V1}/profile/42/calendar`]: () => ({
        json: {
          collection: [],
          busy: [
            {
              started_at: tomorrow.toISOString(),
              ended_at: new Date(tomorrow.getTime() + 2 * 3600_000).toISOString(),
            },
            {
              started_at: inTenDays.toISOString(),
              ended_at: new Date(inTenDays.getTime() + 3600_000).toISOString(),
            },
          ],
        },
      }),
    })
    openApp('/profile/bobur-karimov-42')
    const calendar = await screen.findByRole('table', { name: 'Занятые и свободные дни ближайших недель' })
    const busy = within(calendar).getAllByText(/: занят$/)
    expect(busy).toHaveLength(2)
    expect(busy.map((cell) => cell.textContent)).toEqual([
      `${formatDate(tomorrow)}: занят`,
      `${formatDate(inTenDays)}: занят`,
    ])
    expect(busy[0]!.closest('td')!.className).toContain('busy-calendar__day--busy')
    expect(within(calendar).getAllByText(/: свободен$/).length).toBeGreaterThan(10)
    const query = api.last('GET', `${V1}/profile/42/calendar`)!.query
    expect(query.get('from')! <= tashkentDay(now)).toBe(true)
    expect(query.get('to')! >= tashkentDay(inTenDays)).toBe(true)
  })

  it('opens a portfolio photo large in the image modal', async () => {
    const user = userEvent.setup()
    stubApi({
      [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({ json: publicProfile() }),
      [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    })
    openApp('/profile/bobur-karimov-42')
    const portfolio = await screen.findByRole('region', { name: 'Портфолио' })
    await user.click(within(portfolio).getByRole('button', { name: 'Открыть: Проводка в квартире, фото 2' }))
    const dialog = screen.getByRole('dialog', { name: 'Фото 2 из 2' })
    expect(within(dialog).getByRole('img', { name: 'Проводка в квартире, фото 2' }).getAttribute('src')).toBe(
      '/uploads/works/2.webp',
    )
  })

  it('says a profile that does not exist was not found', async () => {
    stubApi({})
    openApp('/profile/nobody-1')
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeTruthy()
  })
})

describe('/to-profile/{userId}', () => {
  it('leads to the profile’s slug address', async () => {
    stubApi({
      [`GET ${V1}/myprofile/42`]: () => ({ json: publicProfile() }),
      [`GET ${V1}/myprofile/bobur-karimov-42`]: () => ({ json: publicProfile() }),
      [`GET ${V1}/profile/42/calendar`]: () => ({ json: { collection: [], busy: [] } }),
    })
    const router = openApp('/to-profile/42')
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/bobur-karimov-42'))
    expect(await screen.findByRole('heading', { name: 'Бобур Каримов', level: 1 })).toBeTruthy()
  })
})

describe('/feedbacks/{userId}', () => {
  const reviewsPage = (page: number, count: number, total: number, next_cursor: string | null = null) => ({
    json: {
      collection: Array.from({ length: count }, (_, index) =>
        review({ id: page * 100 + index, author: `Автор ${page}-${index}` }),
      ),
      meta: { page, perPage: 20, total, next_cursor },
      breakdown: { 1: 1, 2: 0, 3: 2, 4: 5, 5: 14 },
      rating: 4.4,
      reviews_count: total,
    },
  })

  it('shows the rating breakdown as five labelled rows and every review a page at a time', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      [`GET ${V1}/profile/42/reviews`]: (call) =>
        call.query.get('cursor') === 'after-20' ? reviewsPage(2, 2, 22) : reviewsPage(1, 20, 22, 'after-20'),
      [`GET ${V1}/myprofile/42`]: () => ({ json: publicProfile() }),
    })
    openApp('/feedbacks/42')
    expect(await screen.findByRole('heading', { name: 'Отзывы: Бобур Каримов', level: 1 })).toBeTruthy()
    const breakdown = await screen.findByRole('region', { name: 'Оценка' })
    expect(
      within(breakdown)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Оценка 5: 14', 'Оценка 4: 5', 'Оценка 3: 2', 'Оценка 2: 0', 'Оценка 1: 1'])
    expect(within(breakdown).getByRole('img', { name: 'Рейтинг 4,4 из 5' })).toBeTruthy()
    expect(screen.getByText('Автор 1-19')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Показать ещё отзывы' }))
    expect(await screen.findByText('Автор 2-1')).toBeTruthy()
    expect(api.last('GET', `${V1}/profile/42/reviews`)!.query.get('cursor')).toBe('after-20')
    expect(screen.queryByRole('button', { name: 'Показать ещё отзывы' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Открыть профиль' }).getAttribute('href')).toBe(
      '/profile/bobur-karimov-42',
    )
  })
})
