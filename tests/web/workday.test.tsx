import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ProgressEntry } from '#contract/schemas/progress.ts'
import type { Job } from '#contract/schemas/workday.ts'
import { todayWindow } from '#src/features/workday/today-window.ts'
import { formatTime } from '#src/lib/format.ts'
import { replayOutbox } from '#src/lib/outbox.ts'
import { useSession } from '#src/lib/session-store.ts'
import { routeTree } from '#src/route-tree.gen.ts'
import { profileOf, stubApi, V1 } from './helpers.tsx'

// The screens' code and messages are loaded once, before the tests: the first test would otherwise count their
// loading (and its transform) against the second a person waits for a screen.
beforeAll(async () => {
  await Promise.all([
    import('#src/features/workday/components/today-screen.tsx'),
    import('#src/features/workday/components/day-ahead.tsx'),
    import('#src/features/orders-list/components/orders-screen.tsx'),
  ])
})

const HOUR = 3600 * 1000
const startOfToday = Date.parse(todayWindow().from)
const at = (hours: number) => new Date(startOfToday + hours * HOUR).toISOString()

const job = (overrides: Partial<Job> = {}): Job => ({
  id: 41,
  number: '000041',
  status: 'in_progress',
  customer_id: 1,
  executor_id: 7,
  services: [11],
  name: 'Заменить проводку на кухне',
  description: null,
  is_online: false,
  at_customer: true,
  at_executor: false,
  area: 'Юнусабадский район, Ташкент',
  district_id: null,
  address: '4-й квартал, дом 7, кв. 21',
  landmark: 'рядом со школой №5, синие ворота',
  lat: 41.363412,
  lng: 69.285731,
  location_exact: true,
  contact: { id: 1, role: 'customer', name: 'Малика', surname: 'Юсупова', phone: '998901110001', slug: null },
  started_at: at(10),
  ended_at: at(12),
  price: 20_000_000,
  price_min: null,
  price_max: null,
  wishes: null,
  photos: ['/uploads/orders/41/kitchen.jpg'],
  views: 3,
  replies_count: 1,
  created_at: '2026-11-21T09:00:00.000Z',
  is_direct: false,
  progress: [],
  ...overrides,
})

const tokenOf = (userId: number) =>
  ['e30', btoa(JSON.stringify({ sub: String(userId) })).replace(/=+$/, ''), 'signature'].join('.')

/** A server with the specialist's two jobs whose network can be cut; it keeps the steps it was sent. */
function server() {
  const network = { up: true }
  const progress = new Map<number, ProgressEntry[]>()
  const jobs = () => [
    job({ progress: progress.get(41) ?? [] }),
    job({
      id: 42,
      number: '000042',
      name: 'Собрать шкаф',
      address: 'Чиланзар, 9-й квартал, дом 3',
      landmark: 'за рынком',
      started_at: at(24 + 9),
      ended_at: null,
      photos: [],
      progress: progress.get(42) ?? [],
    }),
  ]
  const api = stubApi({
    [`GET ${V1}/executor/jobs`]: () => {
      if (!network.up) throw new TypeError('Failed to fetch')
      return { json: { collection: jobs(), meta: { perPage: 50, next_cursor: null } } }
    },
    [`POST ${V1}/orders/41/progress`]: (call) => {
      if (!network.up) throw new TypeError('Failed to fetch')
      const body = call.body as { step: ProgressEntry['step']; eta_minutes: number | null; tapped_at: string }
      const list = [
        ...(progress.get(41) ?? []),
        { step: body.step, eta_minutes: body.eta_minutes, tapped_at: body.tapped_at },
      ]
      progress.set(41, list)
      return { json: { order_id: 41, progress: list } }
    },
  })
  const posts = () => api.calls.filter((call) => call.method === 'POST')
  return { network, posts, api }
}

function openToday(path = '/orders/today') {
  useSession
    .getState()
    .setSession({ token: tokenOf(7), profile: profileOf({ id: 7, type: 'executor' }) as never })
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('article') as HTMLElement

describe('the specialist’s day', () => {
  it('lists today’s and tomorrow’s jobs by day with the place, the landmark, the customer and the price', async () => {
    const { api } = server()
    openToday()
    const kitchen = await card('Заменить проводку на кухне')
    const query = api.last('GET', `${V1}/executor/jobs`)!.query
    expect({ from: query.get('from'), to: query.get('to') }).toEqual(todayWindow())

    const days = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(days).toEqual(['Сегодня', 'Завтра'])
    expect(within(kitchen).getByText('Малика Юсупова')).toBeTruthy()
    expect(within(kitchen).getByText('4-й квартал, дом 7, кв. 21')).toBeTruthy()
    expect(within(kitchen).getByText('рядом со школой №5, синие ворота')).toBeTruthy()
    expect(within(kitchen).getByText(`${formatTime(at(10))} – ${formatTime(at(12))}`)).toBeTruthy()
    expect(within(kitchen).getByText(/^200\s000 сум$/)).toBeTruthy()
    expect(
      within(kitchen).getByRole('link', { name: 'Позвонить +998 90 111-00-01' }).getAttribute('href'),
    ).toBe('tel:+998901110001')
    expect(within(kitchen).getByRole('button', { name: 'Чат' })).toBeTruthy()
    expect(
      within(kitchen)
        .getByRole('img', { name: /фото 1 из 1/ })
        .getAttribute('src'),
    ).toBe('/uploads/orders/41/kitchen.jpg')
    expect(
      within(kitchen).getByRole('link', { name: 'Заменить проводку на кухне' }).getAttribute('href'),
    ).toBe('/order/41')
    const google = within(kitchen).getByRole('link', { name: 'Google Карты' })
    expect(google.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=41.363412,69.285731',
    )
    expect(screen.getByRole('status').textContent).toMatch(/^Обновлено в \d\d:\d\d$/)
    const cupboard = await card('Собрать шкаф')
    expect(within(cupboard).getByText('за рынком')).toBeTruthy()
  })

  it('sends "On my way" with the chosen estimate and shows it done with its time', async () => {
    const { posts } = server()
    openToday()
    const kitchen = await card('Заменить проводку на кухне')
    await userEvent.selectOptions(within(kitchen).getByLabelText('Буду через'), '45')
    await userEvent.click(within(kitchen).getByRole('button', { name: 'В пути' }))
    await within(kitchen).findByText(/^В пути — в \d\d:\d\d, буду через 45 мин$/)
    expect(posts()).toHaveLength(1)
    const { headers, body } = posts()[0]!
    const sent = body as { step: string; eta_minutes: number; client_key: string; tapped_at: string }
    expect(sent).toEqual({
      step: 'on_my_way',
      eta_minutes: 45,
      client_key: expect.any(String),
      tapped_at: expect.any(String),
    })
    expect(sent.client_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(headers.get('idempotency-key')).toBe(sent.client_key)
    expect(headers.get('x-fika-outbox')).toBe('progress')
    expect(within(kitchen).queryByRole('button', { name: 'В пути' })).toBeNull()
  })

  it('keeps a step tapped offline as waiting, and sends it once, with its tap time, when the network returns', async () => {
    const { network, posts } = server()
    openToday()
    const kitchen = await card('Заменить проводку на кухне')
    network.up = false
    const before = Date.now()
    await userEvent.click(within(kitchen).getByRole('button', { name: 'Работа выполнена' }))
    await within(kitchen).findByText(/^Работа выполнена — нажато в \d\d:\d\d, ждёт сети$/)
    expect(within(kitchen).getByText(/Заказчика попросили подтвердить/)).toBeTruthy()
    // A step after "done" would go backwards: none is offered.
    expect(within(kitchen).queryByRole('button', { name: 'На месте' })).toBeNull()
    expect(posts()).toHaveLength(1)

    network.up = true
    await replayOutbox()
    await waitFor(() => expect(posts()).toHaveLength(2))
    await within(kitchen).findByText(/^Работа выполнена — в \d\d:\d\d$/)
    const [tap, delivery] = posts()
    expect(delivery!.body).toEqual(tap!.body)
    expect(Date.parse((delivery!.body as { tapped_at: string }).tapped_at)).toBeGreaterThanOrEqual(
      before - 1000,
    )
    await replayOutbox()
    expect(posts()).toHaveLength(2)
  })

  it('leads the specialist’s orders with their next job and the way to the Today view', async () => {
    server()
    openToday('/orders')
    const day = await screen.findByRole('region', { name: 'Ваш день' })
    expect(within(day).getByText('Работ сегодня: 1 · за неделю: 2')).toBeTruthy()
    expect(within(day).getByText('Заменить проводку на кухне')).toBeTruthy()
    expect(within(day).getByText(formatTime(at(10)))).toBeTruthy()
    expect(within(day).getByRole('link', { name: 'Открыть работу на сегодня' }).getAttribute('href')).toBe(
      '/orders/today',
    )
    // It comes before the other views of the orders.
    const views = screen.getByRole('navigation', { name: 'Другие виды' })
    expect(day.compareDocumentPosition(views) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
