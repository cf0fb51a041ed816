import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '#contract/schemas/orders.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { startRealtime, stopRealtime } from '#src/features/notifications/realtime.ts'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { DirectOrders } from '#src/features/order-view/components/direct-orders.tsx'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { sockets } from './fake-socket.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(loadOrderViewCatalog)

afterEach(() => {
  stopRealtime()
  sockets.length = 0
  act(() => useSession.getState().clear())
})

const CUSTOMER = profileOf({ id: 7, type: 'customer' })
const EXECUTOR = profileOf({ id: 9, type: 'executor', name: 'Jasur', surname: 'Karimov' })

const orderOf = (overrides: Partial<Order> = {}): Order => ({
  id: 42,
  number: '000042',
  status: 'open',
  customer_id: 7,
  executor_id: null,
  services: [5],
  name: 'Повесить люстру',
  description: null,
  is_online: false,
  at_customer: true,
  at_executor: false,
  area: 'Чиланзарский район, Ташкент',
  district_id: null,
  address: null,
  landmark: null,
  lat: null,
  lng: null,
  started_at: '2026-11-25T09:00:00.000Z',
  ended_at: null,
  price: null,
  price_min: 15_000_000,
  price_max: 30_000_000,
  wishes: null,
  photos: [],
  views: 3,
  replies_count: 1,
  created_at: '2026-11-21T09:00:00.000Z',
  is_direct: false,
  location_exact: false,
  contact: null,
  ...overrides,
})

const replyOf = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  order_id: 42,
  executor_id: 9,
  message: 'Сделаю завтра утром.',
  created_at: '2026-11-21T10:00:00.000Z',
  executor_name: 'Jasur Karimov',
  executor_slug: 'jasur-karimov-9',
  executor_rating: 4.75,
  executor_reviews_count: 12,
  executor_verified: false,
  ...overrides,
})

const notificationAbout = (orderId: number, kind: string) => ({
  notification: {
    id: 500 + orderId,
    type_push: kind,
    status: 'active',
    message: 'Заказ изменился',
    link: `/order/${orderId}`,
    avatar: null,
    created_at: '2026-11-21T11:00:00.000Z',
  },
  unread: 1,
})

/** Logs `profile` in and opens the app's socket as the server would accept it. */
function connectedAs(profile: ReturnType<typeof profileOf>) {
  act(() => useSession.getState().setSession({ token: 'access', profile: profile as unknown as Profile }))
  startRealtime(refreshSession)
  const socket = sockets[0]!
  act(() => socket.accept())
  joined(socket)
  return socket
}

/** The server's answer to the latest `connect_user`: the socket is in its room. */
const joined = (socket: (typeof sockets)[number]) =>
  act(() => socket.sent('connect_user').at(-1)!.ack!({ ok: true, room: 'notif_1', unread: 0 }))

const actions = () => screen.queryByRole('region', { name: 'Действия с заказом' })

describe('the order page follows the socket', () => {
  it('shows the chosen specialist Accept and Decline as soon as the customer chooses them, without a reload', async () => {
    const socket = connectedAs(EXECUTOR)
    let order = orderOf()
    const api = stubApi({
      [`GET ${V1}/orders/42`]: () => ({ json: order }),
      [`GET ${V1}/orders/42/replies`]: () => ({ json: { collection: [replyOf()] } }),
      [`GET ${V1}/services/5`]: () => ({ json: { id: 5, name: 'Электрика' } }),
    })
    renderInApp(<OrderScreen orderId={42} />)
    expect((await screen.findByTestId('order-status')).textContent).toBe('Открыт')
    expect(actions()).toBeNull()

    // The customer chose this specialist: the server's order changed and the notification came. News of another
    // order came first and changed nothing here.
    order = orderOf({ status: 'inactive', executor_id: 9 })
    const asked = () => api.calls.filter((call) => call.path === `${V1}/orders/42`).length
    const askedBefore = asked()
    act(() => socket.serverEmit('notif', notificationAbout(43, 'executor_chosen')))
    expect(asked()).toBe(askedBefore)
    act(() => socket.serverEmit('notif', notificationAbout(42, 'executor_chosen')))

    const region = await screen.findByRole('region', { name: 'Действия с заказом' })
    expect(within(region).getByRole('button', { name: 'Принять заказ' })).toBeTruthy()
    expect(within(region).getByRole('button', { name: 'Отказаться от заказа' })).toBeTruthy()
  })

  it('reads the order again once the socket is back in its room after a gap, whose events were lost', async () => {
    const socket = connectedAs(EXECUTOR)
    let order = orderOf()
    stubApi({
      [`GET ${V1}/orders/42`]: () => ({ json: order }),
      [`GET ${V1}/orders/42/replies`]: () => ({ json: { collection: [replyOf()] } }),
      [`GET ${V1}/services/5`]: () => ({ json: { id: 5, name: 'Электрика' } }),
    })
    renderInApp(<OrderScreen orderId={42} />)
    await screen.findByTestId('order-status')
    order = orderOf({ status: 'inactive', executor_id: 9 })
    // The network dropped; meanwhile the customer chose this specialist, and socket.io reconnects without replay.
    act(() => socket.serverEmit('disconnect', 'transport close'))
    act(() => socket.accept())
    joined(socket)
    expect(await screen.findByRole('button', { name: 'Принять заказ' })).toBeTruthy()
  })

  it('shows the customer a new reply, with its specialist’s profile and rating, as soon as it is sent', async () => {
    const socket = connectedAs(CUSTOMER)
    let replies = [replyOf()]
    stubApi({
      [`GET ${V1}/orders/42`]: () => ({ json: orderOf({ replies_count: replies.length }) }),
      [`GET ${V1}/orders/42/replies`]: () => ({ json: { collection: replies } }),
      [`GET ${V1}/services/5`]: () => ({ json: { id: 5, name: 'Электрика' } }),
    })
    renderInApp(<OrderScreen orderId={42} />)
    const first = await screen.findByRole('link', { name: 'Jasur Karimov' })
    expect(first.getAttribute('href')).toBe('/profile/jasur-karimov-9')

    replies = [
      ...replies,
      replyOf({
        id: 2,
        executor_id: 11,
        executor_name: 'Aziz Tursunov',
        executor_slug: 'aziz-tursunov-11',
        executor_rating: 0,
        executor_reviews_count: 0,
        message: 'Могу сегодня.',
      }),
    ]
    act(() => socket.serverEmit('notif', notificationAbout(42, 'order_reply')))

    const second = await screen.findByRole('link', { name: 'Aziz Tursunov' })
    expect(second.getAttribute('href')).toBe('/profile/aziz-tursunov-11')
    const cards = screen.getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByRole('img', { name: /Рейтинг 4,8 из 5/ })).toBeTruthy()
    expect(cards[0]!.textContent).toContain('Отзывов: 12')
    expect(cards[1]!.textContent).toContain('Отзывов пока нет')
  })
})

describe('the orders list follows the socket', () => {
  it("updates a customer's reply count when a specialist replies", async () => {
    const socket = connectedAs(CUSTOMER)
    let replies = 1
    stubApi({
      [`GET ${V1}/orders`]: () => ({
        json: {
          collection: [orderOf({ replies_count: replies })],
          meta: { page: 1, perPage: 10, total: 1, next_cursor: null },
        },
      }),
    })
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/orders'] }) })
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
    const card = await screen.findByRole('article', { name: 'Повесить люстру' })
    expect(within(card).getByText('Откликов: 1')).toBeTruthy()

    replies = 2
    act(() => socket.serverEmit('notif', notificationAbout(42, 'order_reply')))

    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Повесить люстру' })).getByText('Откликов: 2'),
      ).toBeTruthy(),
    )
  })

  it('lists a new open order for a specialist as soon as it is published', async () => {
    const socket = connectedAs(EXECUTOR)
    let published = [orderOf({ id: 42 })]
    stubApi({
      [`GET ${V1}/orders`]: () => ({
        json: {
          collection: published,
          meta: { page: 1, perPage: 10, total: published.length, next_cursor: null },
        },
      }),
    })
    const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/orders'] }) })
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    )
    await screen.findByRole('article', { name: 'Повесить люстру' })

    published = [orderOf({ id: 43, name: 'Заменить розетку' }), ...published]
    act(() => socket.serverEmit('notif', notificationAbout(43, 'new_order')))

    expect(await screen.findByRole('article', { name: 'Заменить розетку' })).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(2)
  })

  it('lists a direct order for its specialist as soon as the customer sends it', async () => {
    const socket = connectedAs(EXECUTOR)
    let received: Order[] = []
    stubApi({
      [`GET ${V1}/orders`]: () => ({
        json: {
          collection: received,
          meta: { page: 1, perPage: 50, total: received.length, next_cursor: null },
        },
      }),
    })
    renderInApp(<DirectOrders />)
    expect(await screen.findByText('Вам пока никто не отправлял заказов.')).toBeTruthy()

    received = [
      orderOf({ id: 44, name: 'Собрать шкаф', is_direct: true, executor_id: 9, status: 'inactive' }),
    ]
    act(() => socket.serverEmit('notif', notificationAbout(44, 'executor_chosen')))

    expect(await screen.findByRole('link', { name: /Собрать шкаф/ })).toBeTruthy()
  })
})
