import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import { loadOrderViewCatalog } from '#src/features/order-view/catalog.ts'
import { OrderScreen } from '#src/features/order-view/components/order-screen.tsx'
import { setHapticFeedback, type Haptic } from '#src/lib/haptics.ts'
import { useSession } from '#src/lib/session-store.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

beforeAll(loadOrderViewCatalog)

const CUSTOMER = profileOf({ id: 7, type: 'customer' })
const EXECUTOR = profileOf({ id: 9, type: 'executor', name: 'Jasur', surname: 'Karimov' })
const OTHER_EXECUTOR = profileOf({ id: 11, type: 'executor', name: 'Aziz', surname: 'Tursunov' })

const orderOf = (overrides: Record<string, unknown> = {}) => ({
  id: 42,
  number: '000042',
  status: 'open',
  customer_id: 7,
  executor_id: null,
  services: [5],
  name: 'Повесить люстру',
  description: 'Потолок 2,7 м.',
  is_online: false,
  at_customer: true,
  at_executor: false,
  area: 'Чиланзарский район, Ташкент',
  district_id: null,
  address: 'Ташкент, Чиланзар',
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

const as = (profile: ReturnType<typeof profileOf> | null) =>
  act(() => useSession.setState({ token: profile ? 'token' : null, profile: profile as Profile | null }))

/** The server of one order, its replies and its review, as the order page asks for them. */
function stubOrder(
  order: ReturnType<typeof orderOf>,
  replies = [replyOf()],
  extra: Parameters<typeof stubApi>[0] = {},
) {
  return stubApi({
    [`GET ${V1}/orders/42`]: () => ({ json: order }),
    [`GET ${V1}/orders/42/replies`]: () => ({ json: { collection: replies } }),
    [`GET ${V1}/services/5`]: () => ({ json: { id: 5, name: 'Электрика' } }),
    ...extra,
  })
}

const show = () => renderInApp(<OrderScreen orderId={42} />)
const actionNames = async () => {
  await screen.findByRole('heading', { name: 'Повесить люстру' })
  const region = screen.queryByRole('region', { name: 'Действия с заказом' })
  return region
    ? within(region)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : []
}

describe('the order page', () => {
  it('shows the order as the spec displays it: services, price range in sum, place, status and number', async () => {
    as(null)
    stubOrder(orderOf())
    show()
    expect(await screen.findByText('Электрика')).toBeTruthy()
    expect(screen.getByText(/150\s000 – 300\s000 сум/)).toBeTruthy()
    expect(screen.getByText('У заказчика')).toBeTruthy()
    expect(screen.getByText('Заказ № 000042')).toBeTruthy()
    expect(screen.getByTestId('order-status').textContent).toBe('Открыт')
  })

  it('shows a guest the district and city and says who will see the street, house and flat', async () => {
    as(null)
    stubOrder(orderOf({ address: null, location_exact: false }))
    show()
    expect(await screen.findByText('Чиланзарский район, Ташкент')).toBeTruthy()
    expect(screen.queryByText('Адрес')).toBeNull()
    expect(screen.getByTestId('address-hidden').textContent).toContain('увидит специалист')
    expect(screen.queryByRole('region', { name: 'Заказчик' })).toBeNull()
  })

  it('names the order’s district in the reader’s language from its id, besides the customer’s own words', async () => {
    as(null)
    stubOrder(
      orderOf({
        address: null,
        location_exact: false,
        district_id: 5,
        area: 'Chilonzor tumani, Toshkent shahri',
      }),
      [],
      {
        [`GET ${V1}/districts`]: () => ({
          json: {
            collection: [
              {
                id: 1,
                name: 'город Ташкент',
                districts: [{ id: 5, name: 'Чиланзарский район', region_id: 1 }],
              },
            ],
          },
        }),
      },
    )
    show()
    expect(await screen.findByText('Чиланзарский район, город Ташкент')).toBeTruthy()
    expect(screen.getByText('Chilonzor tumani, Toshkent shahri')).toBeTruthy()
  })

  it('shows the accepted specialist the address and how to reach the customer', async () => {
    as(profileOf({ id: 9, type: 'executor' }))
    stubOrder(
      orderOf({
        status: 'in_progress',
        executor_id: 9,
        address: '9-й квартал, дом 14, кв. 21',
        location_exact: true,
        contact: {
          id: 7,
          role: 'customer',
          name: 'Kamola',
          surname: 'Tursunova',
          phone: '998901234567',
          slug: null,
        },
      }),
    )
    show()
    expect(await screen.findByText('9-й квартал, дом 14, кв. 21')).toBeTruthy()
    expect(screen.queryByTestId('address-hidden')).toBeNull()
    const contact = screen.getByRole('region', { name: 'Заказчик' })
    expect(contact.textContent).toContain('Kamola Tursunova')
    expect(within(contact).getByRole('link', { name: '+998 90 123-45-67' }).getAttribute('href')).toBe(
      'tel:+998901234567',
    )
  })

  it('shows the customer the accepted specialist with a link to their profile', async () => {
    as(profileOf({ id: 7 }))
    stubOrder(
      orderOf({
        status: 'in_progress',
        executor_id: 9,
        location_exact: true,
        contact: {
          id: 9,
          role: 'executor',
          name: 'Jasur',
          surname: 'Karimov',
          phone: '998935550101',
          slug: 'jasur-karimov-9',
        },
      }),
    )
    show()
    const contact = await screen.findByRole('region', { name: 'Специалист' })
    expect(within(contact).getByRole('link', { name: 'Jasur Karimov' }).getAttribute('href')).toBe(
      '/profile/jasur-karimov-9',
    )
    expect(within(contact).getByRole('link', { name: '+998 93 555-01-01' })).toBeTruthy()
  })

  it('opens the photos from their thumbnails in the viewer', async () => {
    as(null)
    const user = userEvent.setup()
    stubOrder(orderOf({ photos: ['/api/uploads/orders/42/a.webp', '/api/uploads/orders/42/b.webp'] }))
    show()
    const thumbnails = within(await screen.findByRole('region', { name: 'Фото' })).getAllByRole('button')
    expect(thumbnails).toHaveLength(2)
    await user.click(thumbnails[1]!)
    const viewer = screen.getByRole('dialog', { name: 'Фото 2 из 2' })
    expect(within(viewer).getByRole('img').getAttribute('alt')).toBe('Повесить люстру: фото 2 из 2')
  })

  it.each([
    ['a single price', { price: 20_000_000, price_min: null, price_max: null }, /^200\s000 сум$/],
    ['a maximum only', { price_min: null, price_max: 30_000_000 }, /^до 300\s000 сум$/],
  ])("shows %s in so'm", async (_, prices, expected) => {
    stubOrder(orderOf(Object.assign({ price: null, price_min: null, price_max: null }, prices)))
    show()
    expect(await screen.findByText(expected)).toBeTruthy()
  })
})

describe('actions by role', () => {
  it.each([
    [
      'the customer of an open order',
      CUSTOMER,
      {},
      ['Не принимать отклики', 'Отменить заказ', 'Удалить заказ'],
    ],
    [
      'the customer of a paused order',
      CUSTOMER,
      { status: 'inactive' },
      ['Снова принимать отклики', 'Отменить заказ', 'Удалить заказ'],
    ],
    [
      'the customer awaiting the chosen executor',
      CUSTOMER,
      { status: 'inactive', executor_id: 9 },
      ['Отменить заказ', 'Удалить заказ'],
    ],
    [
      'the customer of an order in progress',
      CUSTOMER,
      { status: 'in_progress', executor_id: 9 },
      ['Отметить работу выполненной', 'Отменить заказ'],
    ],
    [
      'the chosen executor',
      EXECUTOR,
      { status: 'inactive', executor_id: 9 },
      ['Принять заказ', 'Отказаться от заказа'],
    ],
    ['the executor of an order in progress', EXECUTOR, { status: 'in_progress', executor_id: 9 }, []],
    ['another executor', OTHER_EXECUTOR, { status: 'inactive', executor_id: 9 }, []],
    ['a guest', null, {}, []],
  ])('offers %s exactly their steps', async (_, profile, overrides, expected) => {
    as(profile)
    stubOrder(orderOf(overrides))
    show()
    expect(await actionNames()).toEqual(expected)
  })

  it('marks a specialist whose documents a moderator checked as verified beside their reply, and no one else', async () => {
    as(CUSTOMER)
    stubOrder(orderOf(), [
      replyOf({ executor_verified: true }),
      replyOf({ id: 2, executor_id: 11, executor_name: 'Aziz Tursunov', executor_slug: 'aziz-tursunov-11' }),
    ])
    show()
    const [verified, other] = await screen
      .findAllByRole('listitem')
      .then((items) => items.filter((item) => item.classList.contains('reply')))
    expect(within(verified!).getByText('Проверен')).toBeTruthy()
    expect(within(other!).queryByText('Проверен')).toBeNull()
  })

  it('lets the customer choose an executor who replied, after a confirmation', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    const api = stubOrder(orderOf(), [replyOf()], {
      [`POST ${V1}/orders/42/actions/choose`]: () => ({
        json: orderOf({ status: 'inactive', executor_id: 9 }),
      }),
    })
    show()
    await user.click(await screen.findByRole('button', { name: 'Выбрать: Jasur Karimov' }))
    const dialog = screen.getByRole('dialog', { name: 'Выбрать исполнителем: Jasur Karimov?' })
    expect(api.last('POST', `${V1}/orders/42/actions/choose`)).toBeUndefined()
    await user.click(within(dialog).getByRole('button', { name: 'Да, выбрать' }))
    await waitFor(() =>
      expect(screen.getByTestId('order-status').textContent).toBe('Ждёт согласия исполнителя'),
    )
    expect(api.last('POST', `${V1}/orders/42/actions/choose`)?.body).toEqual({ executor_id: 9 })
    expect(screen.getByText('Выбранный исполнитель')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Выбрать: Jasur Karimov' })).toBeNull()
  })

  it.each([
    [
      'Отменить заказ',
      'Отменить заказ',
      `POST ${V1}/orders/42/actions/cancel`,
      'Не удалось изменить статус, попробуйте ещё раз',
    ],
    ['Удалить заказ', 'Удалить заказ', `DELETE ${V1}/orders/42`, 'Не удалось удалить, попробуйте ещё раз'],
  ])('says "%s" failed in the spec words when the server refuses', async (button, yes, route, message) => {
    as(CUSTOMER)
    const user = userEvent.setup()
    stubOrder(orderOf(), [], {
      [route]: () => ({
        status: 409,
        json: errorBody('conflict', 'order_wrong_status', 'Не удалось изменить статус, попробуйте ещё раз'),
      }),
    })
    show()
    await user.click(await screen.findByRole('button', { name: button }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: yes }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(screen.getByTestId('order-status').textContent).toBe('Открыт')
  })
})

describe('the words of an order’s state', () => {
  it.each([
    [{}, 'Открыт'],
    [{ status: 'inactive' }, 'Отклики приостановлены'],
    [{ status: 'inactive', executor_id: 9 }, 'Ждёт согласия исполнителя'],
    [{ status: 'in_progress', executor_id: 9 }, 'В работе'],
    [{ status: 'completed', executor_id: 9 }, 'Выполнен'],
    [{ status: 'canceled' }, 'Отменён'],
    [{ status: 'archive' }, 'В архиве'],
  ])('calls the order %o "%s"', async (overrides, words) => {
    as(CUSTOMER)
    stubOrder(orderOf(overrides), [])
    show()
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe(words))
  })

  it('writes the start in the app’s language with a 24-hour time, and prices grouped by spaces', async () => {
    as(null)
    stubOrder(orderOf({ started_at: new Date('2026-11-25T14:30+05:00').toISOString() }))
    show()
    const start = await screen.findByText(/25 ноября 2026/)
    expect(start.textContent).toMatch(/14:30$/)
    expect(screen.getByText(/150\s000 – 300\s000 сум/)).toBeTruthy()
  })
})

describe('asking before a step', () => {
  it('names the cancel dialog’s buttons by what they do, and keeping the order sends nothing', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    const api = stubOrder(orderOf(), [])
    show()
    await user.click(await screen.findByRole('button', { name: 'Отменить заказ' }))
    const dialog = screen.getByRole('dialog', { name: 'Отменить этот заказ?' })
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Закрыть', 'Отменить заказ', 'Оставить заказ'])
    await user.click(within(dialog).getByRole('button', { name: 'Оставить заказ' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0)
  })

  it('asks before pausing replies, says what it does, and pauses only when confirmed', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    const api = stubOrder(orderOf(), [], {
      [`POST ${V1}/orders/42/actions/toggle-replies`]: () => ({ json: orderOf({ status: 'inactive' }) }),
    })
    show()
    await user.click(await screen.findByRole('button', { name: 'Не принимать отклики' }))
    const dialog = screen.getByRole('dialog', { name: 'Приостановить отклики на этот заказ?' })
    expect(within(dialog).getByText(/исполнители не найдут его/)).toBeTruthy()
    expect(api.last('POST', `${V1}/orders/42/actions/toggle-replies`)).toBeUndefined()
    await user.click(within(dialog).getByRole('button', { name: 'Приостановить отклики' }))
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Отклики приостановлены'))
    expect(api.last('POST', `${V1}/orders/42/actions/toggle-replies`)).toBeTruthy()
  })

  it('says what resuming replies does before it resumes them', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    stubOrder(orderOf({ status: 'inactive' }), [], {
      [`POST ${V1}/orders/42/actions/toggle-replies`]: () => ({ json: orderOf() }),
    })
    show()
    await user.click(await screen.findByRole('button', { name: 'Снова принимать отклики' }))
    const dialog = screen.getByRole('dialog', { name: 'Снова принимать отклики?' })
    expect(within(dialog).getByText(/вернётся в открытые заказы/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Возобновить отклики' }))
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Открыт'))
  })
})

describe('the reply form', () => {
  it('refuses a reply under 5 characters without sending it, then sends one reply under one key', async () => {
    as(OTHER_EXECUTOR)
    const user = userEvent.setup()
    const api = stubOrder(orderOf(), [], {
      [`POST ${V1}/orders/42/replies`]: ({ body }) => ({
        status: 201,
        json: replyOf({ id: 2, executor_id: 11, executor_name: 'Aziz Tursunov', ...(body as object) }),
      }),
    })
    show()
    const field = await screen.findByLabelText('Ваш отклик')
    await user.type(field, 'Да')
    await user.click(screen.getByRole('button', { name: 'Откликнуться' }))
    expect(await screen.findByText('Напишите не меньше 5 символов')).toBeTruthy()
    expect(api.last('POST', `${V1}/orders/42/replies`)).toBeUndefined()
    await user.type(field, ', приеду к 9 утра')
    await user.click(screen.getByRole('button', { name: 'Откликнуться' }))
    expect(await screen.findByText('Да, приеду к 9 утра')).toBeTruthy()
    const sent = api.last('POST', `${V1}/orders/42/replies`)!
    expect(sent.body).toEqual({ message: 'Да, приеду к 9 утра' })
    expect(sent.headers.get('idempotency-key')).toMatch(/^[\w-]{36}$/)
    expect(screen.getByTestId('own-reply')).toBeTruthy()
  })

  it('lets a phone that can (inside Telegram) feel a sent reply and a refused one', async () => {
    as(OTHER_EXECUTOR)
    const felt: Haptic[] = []
    setHapticFeedback((kind) => felt.push(kind))
    const user = userEvent.setup()
    let refuse = true
    stubOrder(orderOf(), [], {
      [`POST ${V1}/orders/42/replies`]: ({ body }) =>
        refuse
          ? {
              status: 409,
              json: errorBody('conflict', 'order_not_open', 'Заказ больше не принимает отклики'),
            }
          : { status: 201, json: replyOf({ id: 2, executor_id: 11, ...(body as object) }) },
    })
    try {
      show()
      await user.type(await screen.findByLabelText('Ваш отклик'), 'Приеду к 9 утра')
      await user.click(screen.getByRole('button', { name: 'Откликнуться' }))
      await waitFor(() => expect(felt).toEqual(['error']))
      refuse = false
      await user.click(screen.getByRole('button', { name: 'Откликнуться' }))
      await waitFor(() => expect(felt).toEqual(['error', 'success']))
    } finally {
      setHapticFeedback(undefined)
    }
  })

  it('keeps the typed reply and its key across a reload', async () => {
    as(OTHER_EXECUTOR)
    const user = userEvent.setup()
    stubOrder(orderOf(), [])
    const first = show()
    await user.type(await screen.findByLabelText('Ваш отклик'), 'Могу сегодня вечером')
    first.unmount()
    show()
    expect(((await screen.findByLabelText('Ваш отклик')) as HTMLTextAreaElement).value).toBe(
      'Могу сегодня вечером',
    )
  })

  it('offers a guest the login instead of the form', async () => {
    as(null)
    const user = userEvent.setup()
    stubOrder(orderOf())
    show()
    await user.click(await screen.findByRole('button', { name: 'Войти, чтобы откликнуться' }))
    expect(useAuthModal.getState().open).toBe('login')
    expect(screen.queryByLabelText('Ваш отклик')).toBeNull()
  })
})

describe('the review', () => {
  const completed = () => orderOf({ status: 'completed', executor_id: 9 })
  const reviewApi = () =>
    stubOrder(completed(), [replyOf()], {
      [`GET ${V1}/orders/42/review`]: () => ({
        status: 404,
        json: errorBody('not_found', 'not_found', 'Ничего не найдено'),
      }),
      [`POST ${V1}/orders/42/review`]: ({ body }) => ({
        status: 201,
        json: { id: 1, order_id: 42, created_at: '2026-11-21T12:00:00.000Z', ...(body as object) },
      }),
    })

  it('asks for a rating and 10 characters, then shows the review once left, also after a reload', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    const api = reviewApi()
    const first = show()
    await user.click(await screen.findByRole('button', { name: 'Оставить отзыв' }))
    expect(await screen.findByText('Поставьте оценку от 1 до 5')).toBeTruthy()
    expect(screen.getByText('Напишите не меньше 10 символов')).toBeTruthy()
    const ratings = screen.getByRole('radiogroup', { name: 'Оценка' })
    expect(within(ratings).getAllByRole('radio')).toHaveLength(5)
    await user.click(within(ratings).getByRole('radio', { name: '4 из 5' }))
    await user.type(screen.getByLabelText('Комментарий'), 'Аккуратно и вовремя.')
    await user.click(screen.getByRole('button', { name: 'Оставить отзыв' }))
    expect(await screen.findByTestId('review')).toBeTruthy()
    expect(api.last('POST', `${V1}/orders/42/review`)?.body).toEqual({
      rating: 4,
      comment: 'Аккуратно и вовремя.',
      service: 5,
    })
    expect(screen.getByText('Оценка: 4 из 5')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Оставить отзыв' })).toBeNull()
    first.unmount()

    show()
    expect(await screen.findByText('Аккуратно и вовремя.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Оставить отзыв' })).toBeNull()
  })

  it('does not ask the server for a review that is not there yet when the customer opens the order', async () => {
    as(CUSTOMER)
    const api = reviewApi()
    show()
    expect(await screen.findByRole('button', { name: 'Оставить отзыв' })).toBeTruthy()
    expect(api.calls.filter((call) => call.path === `${V1}/orders/42/review`)).toHaveLength(0)
  })

  it('shows a review left from another device when the customer tries to leave a second one', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    stubOrder(completed(), [replyOf()], {
      [`GET ${V1}/orders/42/review`]: () => ({
        json: {
          id: 1,
          order_id: 42,
          rating: 5,
          comment: 'Всё отлично.',
          created_at: '2026-11-21T12:00:00.000Z',
        },
      }),
      [`POST ${V1}/orders/42/review`]: () => ({
        status: 409,
        json: errorBody('conflict', 'already_reviewed', 'Вы уже оставили отзыв'),
      }),
    })
    show()
    await user.click(await screen.findByRole('radio', { name: '2 из 5' }))
    await user.type(screen.getByLabelText('Комментарий'), 'Второй отзыв на заказ.')
    await user.click(screen.getByRole('button', { name: 'Оставить отзыв' }))
    expect(await screen.findByText('Всё отлично.')).toBeTruthy()
    expect(screen.getByText('Оценка: 5 из 5')).toBeTruthy()
  })

  it('lets the executor look the review up, and says when there is none yet', async () => {
    as(EXECUTOR)
    const user = userEvent.setup()
    const api = reviewApi()
    show()
    const button = await screen.findByRole('button', { name: 'Показать отзыв' })
    expect(api.calls.filter((call) => call.path === `${V1}/orders/42/review`)).toHaveLength(0)
    await user.click(button)
    expect(await screen.findByText('Заказчик ещё не оставил отзыв.')).toBeTruthy()
  })

  it('chooses the rating with one row of five stars and the arrow keys, one Tab stop', async () => {
    as(CUSTOMER)
    const user = userEvent.setup()
    reviewApi()
    show()
    const ratings = await screen.findByRole('radiogroup', { name: 'Оценка' })
    const stars = within(ratings).getAllByRole('radio')
    expect(stars.map((star) => star.getAttribute('aria-label'))).toEqual([
      '1 из 5',
      '2 из 5',
      '3 из 5',
      '4 из 5',
      '5 из 5',
    ])
    expect(stars.map((star) => star.tabIndex)).toEqual([0, -1, -1, -1, -1])
    expect(stars.every((star) => star.querySelector('svg'))).toBe(true)
    stars[0]!.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(document.activeElement).toBe(stars[2])
    expect(stars[2]!.getAttribute('aria-checked')).toBe('true')
    expect(stars.map((star) => star.tabIndex)).toEqual([-1, -1, 0, -1, -1])
    await user.keyboard('{ArrowLeft}')
    expect(stars[1]!.getAttribute('aria-checked')).toBe('true')
    await user.keyboard('{End}')
    expect(stars[4]!.getAttribute('aria-checked')).toBe('true')
    expect(stars[4]!.querySelectorAll('.star--on')).toHaveLength(1)
    expect(ratings.querySelectorAll('.star--on')).toHaveLength(5)
  })
})

describe('the order page map', () => {
  const PIN = { lat: 41.311234, lng: 69.279876 }

  it('shows the parties the place with a link that opens the route in Yandex Maps, before any map code loads', async () => {
    await as(CUSTOMER)
    stubOrder(orderOf({ ...PIN, location_exact: true }))
    show()
    const place = await screen.findByRole('region', { name: 'На карте' })
    expect(within(place).getByText(/^Точное место/)).toBeTruthy()
    // The static preview: the map itself waits for a look or a tap.
    expect(within(place).getByRole('button', { name: 'Показать карту' })).toBeTruthy()
    expect(place.querySelector('.maplibregl-map')).toBeNull()
    const navigate = within(place).getByRole('link', { name: 'Проложить маршрут' })
    expect(navigate.getAttribute('href')).toBe(
      'https://yandex.uz/maps/?rtext=~41.311234%2C69.279876&rtt=auto',
    )
  })

  it('shows everyone else the area, without a way to navigate to it', async () => {
    await as(OTHER_EXECUTOR)
    stubOrder(orderOf({ lat: 41.31, lng: 69.28, location_exact: false }))
    show()
    const place = await screen.findByRole('region', { name: 'На карте' })
    expect(within(place).getByText('Район работы с точностью около километра.')).toBeTruthy()
    expect(within(place).queryByRole('link')).toBeNull()
  })

  it('shows no map for an online order or one without a point', async () => {
    await as(null)
    stubOrder(orderOf({ is_online: true, at_customer: false, lat: null, lng: null }))
    show()
    await screen.findByRole('heading', { name: 'Повесить люстру' })
    expect(screen.queryByRole('region', { name: 'На карте' })).toBeNull()
  })
})
