import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '#contract/schemas/orders.ts'
import type { ProgressEntry } from '#contract/schemas/progress.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { startRealtime, stopRealtime } from '#src/features/notifications/realtime.ts'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'
import { sockets } from './fake-socket.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(loadOrderViewCatalog)

afterEach(() => {
  stopRealtime()
  sockets.length = 0
  act(() => useSession.getState().clear())
})

const CUSTOMER = profileOf({ id: 7, type: 'customer' })
const SPECIALIST = profileOf({ id: 9, type: 'executor' })
const OTHER = profileOf({ id: 11, type: 'executor' })

// Tapped at 14:05, 14:40 and 16:10 in Tashkent (UTC+5), whatever the zone the test runs in.
const ON_MY_WAY: ProgressEntry = { step: 'on_my_way', eta_minutes: 30, tapped_at: '2026-11-25T09:05:00.000Z' }
const ARRIVED: ProgressEntry = { step: 'arrived', eta_minutes: null, tapped_at: '2026-11-25T09:40:00.000Z' }
const DONE: ProgressEntry = { step: 'done', eta_minutes: null, tapped_at: '2026-11-25T11:10:00.000Z' }

const orderOf = (overrides: Partial<Order> = {}): Order => ({
  id: 42,
  number: '000042',
  status: 'in_progress',
  customer_id: 7,
  executor_id: 9,
  services: [],
  name: 'Повесить люстру',
  description: null,
  is_online: false,
  at_customer: true,
  at_executor: false,
  area: 'Чиланзар, Ташкент',
  district_id: null,
  address: '9-й квартал, дом 14',
  landmark: 'У школы № 5',
  lat: null,
  lng: null,
  started_at: '2026-11-25T09:00:00.000Z',
  ended_at: null,
  price: 15_000_000,
  price_min: null,
  price_max: null,
  wishes: null,
  photos: [],
  views: 3,
  replies_count: 0,
  created_at: '2026-11-21T09:00:00.000Z',
  is_direct: true,
  location_exact: true,
  contact: null,
  progress: [],
  ...overrides,
})

/** Logs `profile` in and opens the app's socket, in its room, as the server would. */
function connectedAs(profile: ReturnType<typeof profileOf>) {
  act(() => useSession.getState().setSession({ token: 'access', profile: profile as unknown as Profile }))
  startRealtime(refreshSession)
  const socket = sockets[0]!
  act(() => socket.accept())
  act(() => socket.sent('connect_user').at(-1)!.ack!({ ok: true, room: 'notif_1', unread: 0 }))
  return socket
}

const timeline = () => screen.getByRole('region', { name: 'Отметки специалиста' })
const steps = () =>
  within(timeline())
    .queryAllByRole('listitem')
    .map((item) => item.textContent)

describe('the specialist’s steps on the order page', () => {
  it('shows the customer each step as the socket brings it, reads it out, and never reads the order again for it', async () => {
    const socket = connectedAs(CUSTOMER)
    const api = stubApi({ [`GET ${V1}/orders/42`]: () => ({ json: orderOf() }) })
    renderInApp(<OrderScreen orderId={42} />)
    await screen.findByText('Специалист ещё не выехал. Его отметки появятся здесь, как только он их сделает.')
    const reads = () => api.calls.filter((call) => call.path === `${V1}/orders/42`).length
    const readsBefore = reads()

    // Another order's step changes nothing here.
    act(() => socket.serverEmit('order_progress', { order_id: 43, progress: [ON_MY_WAY] }))
    act(() => socket.serverEmit('order_progress', { order_id: 42, progress: [ON_MY_WAY] }))
    expect(steps()).toEqual(['В пути — 14:05, будет примерно через 30 мин'])
    expect(within(timeline()).getByRole('status').textContent).toBe(
      'В пути — 14:05, будет примерно через 30 мин',
    )

    act(() => socket.serverEmit('order_progress', { order_id: 42, progress: [ON_MY_WAY, ARRIVED] }))
    expect(steps()).toEqual(['В пути — 14:05, будет примерно через 30 мин', 'На месте — 14:40'])
    expect(within(timeline()).getByRole('status').textContent).toBe('На месте — 14:40')
    expect(reads()).toBe(readsBefore)
  })

  it('keeps the steps the socket showed when a read of the order started before them answers later', async () => {
    const socket = connectedAs(CUSTOMER)
    let order = orderOf({ progress: [ON_MY_WAY] })
    let holdReads = false
    const held: ((answer: { json: Order }) => void)[] = []
    stubApi({
      [`GET ${V1}/orders/42`]: () =>
        holdReads ? new Promise((resolve) => held.push(resolve)) : { json: order },
    })
    renderInApp(<OrderScreen orderId={42} />)
    expect(
      await screen.findByText('В пути — 14:05, будет примерно через 30 мин', { selector: 'li' }),
    ).toBeTruthy()

    // The step's notification makes the page read the order; the step itself comes before that answer.
    holdReads = true
    act(() =>
      socket.serverEmit('notif', {
        notification: {
          id: 1,
          type_push: 'order_arrived',
          status: 'active',
          message: 'Специалист на месте',
          link: '/order/42',
          avatar: null,
          created_at: '2026-11-25T09:40:00.000Z',
        },
        unread: 1,
      }),
    )
    act(() => socket.serverEmit('order_progress', { order_id: 42, progress: [ON_MY_WAY, ARRIVED] }))
    expect(steps()).toHaveLength(2)
    await waitFor(() => expect(held).toHaveLength(1))
    holdReads = false
    act(() => held[0]!({ json: orderOf({ progress: [ON_MY_WAY], replies_count: 5 }) }))
    await waitFor(() => expect(screen.getByTestId('replies-count').textContent).toBe('5'))
    expect(steps()).toEqual(['В пути — 14:05, будет примерно через 30 мин', 'На месте — 14:40'])

    // A later read brings what the server holds, the done step included.
    order = orderOf({ progress: [ON_MY_WAY, ARRIVED, DONE] })
    act(() => socket.serverEmit('disconnect', 'transport close'))
    act(() => socket.accept())
    act(() => socket.sent('connect_user').at(-1)!.ack!({ ok: true, room: 'notif_1', unread: 0 }))
    expect(await screen.findByText('Работа выполнена — 16:10', { selector: 'li' })).toBeTruthy()
    expect(steps()).toHaveLength(3)
  })

  it('points the customer at confirming completion once the work is done', async () => {
    connectedAs(CUSTOMER)
    stubApi({ [`GET ${V1}/orders/42`]: () => ({ json: orderOf({ progress: [ARRIVED, DONE] }) }) })
    const user = userEvent.setup()
    renderInApp(<OrderScreen orderId={42} />)
    // A step taken before the page opened is shown, not read out.
    expect(await screen.findByText('Работа выполнена — 16:10', { selector: 'li' })).toBeTruthy()
    expect(within(timeline()).getByRole('status').textContent).toBe('')
    await user.click(screen.getByRole('button', { name: 'Перейти к подтверждению' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Отметить работу выполненной' }))

    const result = await axe.run(document.querySelector('.screen')!, {
      rules: { 'color-contrast': { enabled: false } },
    })
    expect(result.violations).toEqual([])
  })

  it('shows the accepted specialist their own steps, without the customer’s confirmation', async () => {
    connectedAs(SPECIALIST)
    stubApi({ [`GET ${V1}/orders/42`]: () => ({ json: orderOf({ progress: [ON_MY_WAY, DONE] }) }) })
    renderInApp(<OrderScreen orderId={42} />)
    expect(await screen.findByText('Работа выполнена — 16:10', { selector: 'li' })).toBeTruthy()
    expect(steps()).toEqual(['В пути — 14:05, будет примерно через 30 мин', 'Работа выполнена — 16:10'])
    expect(screen.queryByRole('button', { name: 'Перейти к подтверждению' })).toBeNull()
  })

  it('shows no steps to a reader the server gave none, whatever the socket says', async () => {
    const socket = connectedAs(OTHER)
    const { progress: _hidden, ...withoutSteps } = orderOf({ status: 'open', executor_id: null })
    stubApi({ [`GET ${V1}/orders/42`]: () => ({ json: withoutSteps }) })
    renderInApp(<OrderScreen orderId={42} />)
    await screen.findByTestId('order-status')
    act(() => socket.serverEmit('order_progress', { order_id: 42, progress: [ON_MY_WAY] }))
    expect(screen.queryByRole('region', { name: 'Отметки специалиста' })).toBeNull()
  })
})
