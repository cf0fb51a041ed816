import { publish, act } from './notifications.ts'
import { send, type Caller } from './specialists.ts'
import type { TestApp } from './test-app.ts'

/** The test clock starts at 2026-11-21T09:00Z (14:00 in Tashkent): these jobs are ahead of it. */
export const PLACE = {
  area: 'Юнусабадский район, Ташкент',
  address: '4-й квартал, дом 7, кв. 21',
  landmark: 'рядом со школой №5, синие ворота',
  lat: 41.363412,
  lng: 69.285731,
}

/** An order of `customer` (the area, the exact place and a landmark, a time), published and open. */
export const openOrder = (t: TestApp, customer: Caller, overrides: Record<string, unknown> = {}) =>
  publish(t, customer, {
    ...PLACE,
    started_at: '2026-11-22T05:00:00.000Z',
    ended_at: '2026-11-22T07:00:00.000Z',
    price: 20_000_000,
    ...overrides,
  })

/** `executor` replies to the order and the customer chooses them: awaiting their answer. */
export async function chosen(t: TestApp, orderId: number, customer: Caller, executor: Caller) {
  const reply = await send(t, 'POST', `/orders/${orderId}/replies`, executor, { message: 'Сделаю в срок.' })
  if (reply.statusCode !== 201) throw new Error(`reply answered ${reply.statusCode}: ${reply.body}`)
  await act(t, orderId, 'choose', customer, { executor_id: executor.id })
}

/** An order `executor` accepted (in progress), with the place of PLACE and `overrides`. */
export async function acceptedOrder(
  t: TestApp,
  customer: Caller,
  executor: Caller,
  overrides: Record<string, unknown> = {},
) {
  const order = await openOrder(t, customer, overrides)
  await chosen(t, order.id, customer, executor)
  await act(t, order.id, 'accept', executor)
  return order
}

let keys = 0
/** A step of the day as the specialist's app sends it; a new client key unless one is given. */
export const step = (
  t: TestApp,
  orderId: number,
  caller: Caller | null,
  body: Record<string, unknown>,
  lang = 'ru',
) =>
  send(
    t,
    'POST',
    `/orders/${orderId}/progress`,
    caller,
    {
      client_key: `tap-key-${String(++keys).padStart(4, '0')}`,
      tapped_at: t.clock.now().toISOString(),
      ...body,
    },
    lang,
  )
