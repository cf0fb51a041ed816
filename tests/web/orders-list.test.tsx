import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Order } from '#contract/schemas/orders.ts'
import { formatPrice, type PriceWords } from '#src/features/order-words/format.ts'
import { ordersQueryOf, viewOf } from '#src/features/orders-list/orders-query.ts'
import { parseOrdersSearch } from '#src/features/orders-list/orders-search.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { profileOf, stubApi, V1 } from './helpers.tsx'

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 7,
  number: '000007',
  status: 'open',
  customer_id: 1,
  executor_id: null,
  services: [11],
  name: 'Заменить проводку на кухне',
  description: null,
  is_online: false,
  at_customer: true,
  at_executor: false,
  area: 'Чиланзарский район, Ташкент',
  district_id: null,
  address: 'Ташкент, Чиланзар',
  landmark: null,
  lat: 41.28,
  lng: 69.2,
  started_at: '2026-11-25T09:00:00.000Z',
  ended_at: null,
  price: null,
  price_min: 50_000_000,
  price_max: 80_000_000,
  wishes: null,
  photos: [],
  views: 12,
  replies_count: 3,
  created_at: '2026-11-21T09:00:00.000Z',
  is_direct: false,
  location_exact: false,
  contact: null,
  ...overrides,
})

const page = (collection: Order[], total = collection.length) => ({
  json: { collection, meta: { page: 1, perPage: 10, total, next_cursor: null } },
})

/** The real app (root layout and routes) at `path`, as a reload or a shared link opens it. */
function openApp(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

const space = (text: string) => text.replace(/\s/g, ' ')

describe('prices', () => {
  const words: PriceWords = {
    som: (amount) => `${amount} сум`,
    range: (from, to) => `${from} – ${to} сум`,
    from: (amount) => `от ${amount} сум`,
    upTo: (amount) => `до ${amount} сум`,
    negotiable: 'по договорённости',
  }
  it.each([
    [{ price: 30_000_000, price_min: null, price_max: null }, '300 000 сум'],
    [{ price: null, price_min: 50_000_000, price_max: 80_000_000 }, '500 000 – 800 000 сум'],
    [{ price: null, price_min: 100_000_000, price_max: null }, 'от 1 000 000 сум'],
    [{ price: null, price_min: null, price_max: 20_000_050 }, 'до 200 001 сум'],
    [{ price: null, price_min: null, price_max: null }, 'по договорённости'],
  ])('says %o in whole so\u2019m as %s', (priced, expected) => {
    expect(space(formatPrice(priced, words))).toBe(expected)
  })

  it('groups thousands with a space in English too, as in the three other languages', async () => {
    const { messages } = await import('#src/locales/en/messages.po')
    i18n.load('en', messages)
    i18n.activate('en')
    try {
      expect(space(formatPrice({ price: 123_456_700, price_min: null, price_max: null }, words))).toBe(
        '1 234 567 сум',
      )
    } finally {
      i18n.activate('ru')
    }
  })
})

describe('the list filters in the address', () => {
  it('drops wrong values of a hand-edited address and keeps the right ones', () => {
    expect(
      parseOrdersSearch({
        tab: 'completed',
        price_from: 'lots',
        price_to: '500000',
        place: 'moon',
        date_from: '2026-13-40',
      }),
    ).toMatchObject({ tab: 'completed', price_to: 500_000, price_from: undefined, place: undefined })
  })

  it('ignores parameters of a hand-edited address the API would refuse, and lists the open orders', async () => {
    const api = stubApi({ [`GET ${V1}/orders`]: () => page([order()]) })
    openApp(
      '/orders?category=electrics&service=0&price_from=-5&price_to=99999999999999&date_from=2026-02-30&place=moon&tab=x',
    )
    expect(await screen.findByText('Заменить проводку на кухне')).toBeTruthy()
    const query = Object.fromEntries(api.last('GET', `${V1}/orders`)!.query)
    expect(query).toEqual({ tab: 'open', scope: 'all', page: '1', perPage: expect.any(String) })
  })

  it("asks the API in tiyin, for the visitor's own orders or the open ones", () => {
    const search = parseOrdersSearch({ tab: 'completed', service: '11', price_from: '1000', place: 'online' })
    expect(viewOf(search, 'customer')).toBe('mine')
    expect(viewOf(search, 'guest')).toBe('open')
    expect(viewOf({ ...search, view: 'mine' }, 'executor')).toBe('mine')
    expect(ordersQueryOf(search, 'mine', 2, 10)).toEqual({
      tab: 'completed',
      scope: 'mine',
      service: '11',
      price_from: '100000',
      place: 'online',
      page: '2',
      perPage: '10',
    })
    // The open orders are the open tab, whatever tab the address names.
    expect(ordersQueryOf(search, 'open', 1, 10)).toMatchObject({ tab: 'open', scope: 'all' })
  })
})

describe('/orders', () => {
  it('puts the applied filters into the address and lists what the API answers for them', async () => {
    const user = userEvent.setup()
    const api = stubApi({
      [`GET ${V1}/orders`]: (call) =>
        page(
          call.query.get('place') === 'online'
            ? [order({ name: 'Урок онлайн', is_online: true })]
            : [order()],
        ),
    })
    const router = openApp('/orders')
    const list = await screen.findByRole('region', { name: 'Заказы' })
    expect(await within(list).findByRole('link', { name: 'Заменить проводку на кухне' })).toBeTruthy()
    expect(space(within(list).getByText(/500 000/).textContent!)).toBe('500 000 – 800 000 сум')

    await user.click(screen.getByText('Фильтры'))
    await user.type(screen.getByRole('textbox', { name: 'От' }), '300000')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Место' }), 'Онлайн')
    await user.click(screen.getByRole('button', { name: 'Показать заказы' }))

    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ price_from: 300_000, place: 'online' }),
    )
    expect(await screen.findByRole('link', { name: 'Урок онлайн' })).toBeTruthy()
    expect(api.last('GET', `${V1}/orders`)!.query.get('price_from')).toBe('30000000')
  })

  it('opens with the filters of its address, as after a reload or going back', async () => {
    stubApi({ [`GET ${V1}/orders`]: () => page([]) })
    openApp('/orders?price_from=100000&price_to=900000&place=at_executor')
    expect(await screen.findByText('Нет открытых заказов с такими фильтрами.')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: 'От' }) as HTMLInputElement).value).toBe('100000')
    expect((screen.getByRole('textbox', { name: 'До' }) as HTMLInputElement).value).toBe('900000')
    expect(screen.getByText('Фильтры (2)')).toBeTruthy()
  })

  it('explains a price range that ends before it starts and keeps what was typed', async () => {
    const user = userEvent.setup()
    const api = stubApi({ [`GET ${V1}/orders`]: () => page([]) })
    const router = openApp('/orders')
    await screen.findByText('Нет открытых заказов с такими фильтрами.')
    await user.click(screen.getByText('Фильтры'))
    await user.type(screen.getByRole('textbox', { name: 'От' }), '800000')
    await user.type(screen.getByRole('textbox', { name: 'До' }), '500000')
    const calls = api.calls.length
    await user.click(screen.getByRole('button', { name: 'Показать заказы' }))
    expect(screen.getByRole('alert').textContent).toBe('Максимальная цена меньше минимальной')
    expect((screen.getByRole('textbox', { name: 'До' }) as HTMLInputElement).value).toBe('500000')
    expect(router.state.location.search).not.toHaveProperty('price_from')
    expect(api.calls.length).toBe(calls)
  })

  it('words each card’s state by itself, not with the tab’s plural name, and writes dates and counts in Russian', async () => {
    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ type: 'customer' }) as never }),
    )
    stubApi({
      [`GET ${V1}/orders`]: () =>
        page([
          order({ id: 1, name: 'Ждёт ответа', status: 'inactive', executor_id: 9 }),
          order({
            id: 2,
            name: 'На паузе',
            status: 'inactive',
            views: 12_500,
            started_at: new Date('2026-11-25T16:45+05:00').toISOString(),
          }),
        ]),
    })
    openApp('/orders?tab=inactive')
    await screen.findByRole('link', { name: 'Ждёт ответа' })
    const card = (name: string) => screen.getByRole('article', { name })
    expect(within(card('Ждёт ответа')).getByText('Ждёт согласия исполнителя')).toBeTruthy()
    expect(within(card('На паузе')).getByText('Отклики приостановлены')).toBeTruthy()
    expect(within(card('На паузе')).queryByText('Неактивные')).toBeNull()
    expect(space(within(card('На паузе')).getByText(/Просмотров/).textContent!)).toBe('Просмотров: 12 500')
    expect(within(card('На паузе')).getByText(/25 ноября 2026/).textContent).toMatch(/16:45$/)
  })

  it('offers a customer "Create an order" above their orders, and a specialist none', async () => {
    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ type: 'customer' }) as never }),
    )
    stubApi({ [`GET ${V1}/orders`]: () => page([]) })
    openApp('/orders')
    const main = await screen.findByRole('main')
    const create = await within(main).findByRole('link', { name: 'Создать заказ' })
    expect(create.getAttribute('href')).toBe('/?order=1')
    cleanup()
    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ type: 'executor' }) as never }),
    )
    openApp('/orders')
    await screen.findByRole('link', { name: 'Мои заказы' })
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Создать заказ' })).toBeNull()
  })

  it('shows a customer their own orders by tab, and loads more with the button', async () => {
    const user = userEvent.setup()
    act(() =>
      useSession
        .getState()
        .setSession({ token: 'access', profile: profileOf({ type: 'customer' }) as never }),
    )
    const api = stubApi({
      [`GET ${V1}/orders`]: (call) => {
        const pageNumber = call.query.get('cursor') === 'after-first' ? 2 : 1
        const names = Array.from(
          { length: pageNumber === 1 ? 10 : 2 },
          (_, index) => `Заказ ${pageNumber}-${index}`,
        )
        return {
          json: {
            collection: names.map((name, index) =>
              order({ id: pageNumber * 100 + index, name, status: 'completed' }),
            ),
            meta: {
              page: pageNumber,
              perPage: 10,
              total: 12,
              next_cursor: pageNumber === 1 ? 'after-first' : null,
            },
          },
        }
      },
    })
    openApp('/orders?tab=completed')
    expect(await screen.findByRole('heading', { name: 'Мои заказы', level: 1 })).toBeTruthy()
    const tabs = screen.getByRole('navigation', { name: 'Статус заказа' })
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Открытые', 'Неактивные', 'В работе', 'Завершённые', 'Отменённые', 'Архив'])
    expect(within(tabs).getByRole('link', { name: 'Завершённые' }).getAttribute('aria-current')).toBe('page')
    expect(api.last('GET', `${V1}/orders`)!.query.get('scope')).toBe('mine')
    await screen.findByRole('link', { name: 'Заказ 1-9' })
    await user.click(screen.getByRole('button', { name: 'Показать ещё заказы' }))
    expect(await screen.findByRole('link', { name: 'Заказ 2-1' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Показать ещё заказы' })).toBeNull()
  })

  it('asks each next page by the cursor the previous page gave, however deep the reader scrolls', async () => {
    const user = userEvent.setup()
    const PAGES = 4
    // The server's cursor is opaque: here page n hands out `c<n>`, and a page is known only by the cursor asked.
    const api = stubApi({
      [`GET ${V1}/orders`]: (call) => {
        const cursor = call.query.get('cursor')
        const pageNumber = cursor === null ? 1 : Number(cursor.slice(1)) + 1
        return {
          json: {
            collection: Array.from({ length: 10 }, (_, index) =>
              order({ id: pageNumber * 100 + index, name: `Заказ ${pageNumber}-${index}` }),
            ),
            meta: {
              page: 1,
              perPage: 10,
              total: 10_000,
              next_cursor: pageNumber < PAGES ? `c${pageNumber}` : null,
            },
          },
        }
      },
    })
    openApp('/orders')
    await screen.findByRole('link', { name: 'Заказ 1-9' })
    for (let pageNumber = 2; pageNumber <= PAGES; pageNumber++) {
      await user.click(screen.getByRole('button', { name: 'Показать ещё заказы' }))
      await screen.findByRole('link', { name: `Заказ ${pageNumber}-9` })
      const asked = api.last('GET', `${V1}/orders`)!.query
      expect(asked.get('cursor')).toBe(`c${pageNumber - 1}`)
      // A page number would be refused past the first pages: the cursor alone says where to go on.
      expect(asked.get('page')).toBeNull()
    }
    expect(screen.getAllByRole('link', { name: /^Заказ \d-\d$/ })).toHaveLength(PAGES * 10)
    // The last page gave no cursor: the list says there is no more, though the total says 10,000.
    expect(screen.queryByRole('button', { name: 'Показать ещё заказы' })).toBeNull()
  })

  it('offers a retry when the list could not be loaded', async () => {
    const user = userEvent.setup()
    let fail = true
    stubApi({
      [`GET ${V1}/orders`]: () =>
        fail
          ? { status: 500, json: { error: { type: 'server', code: 'error_occurred', message: 'Ошибка' } } }
          : page([order()]),
    })
    openApp('/orders')
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить заказы.')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Повторить' }))
    expect(await screen.findByRole('link', { name: 'Заменить проводку на кухне' })).toBeTruthy()
  })
})
