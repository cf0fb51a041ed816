import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * The exact point of an order (its pin) is for the two parties only: the customer, and the chosen specialist once
 * they accepted (issue 31 item 3, the order page's map and "Navigate"). Every other caller, whatever their role,
 * reads only the public point rounded to 0.01°, and the pin's digits appear nowhere in their answer.
 */
const t = useTestApp({ catalogue: true })
const call = t.call.bind(t)

type Caller = { token: string; id: number } | null
const PIN = { lat: 41.311234, lng: 69.279876 }
const PUBLIC_POINT = { lat: 41.31, lng: 69.28 }

async function person(type: 'customer' | 'executor') {
  const { token } = await register(t, { type })
  return { token, id: (await call('GET', '/profile', { token })).json<{ id: number }>().id }
}

/** An order at PIN with replies from `chosen` and `replying`; `chosen` is chosen and, with `accepted`, accepts. */
async function orderAtPin(accepted: boolean) {
  const people = {
    customer: await person('customer'),
    chosen: await person('executor'),
    replying: await person('executor'),
    strangerSpecialist: await person('executor'),
    strangerCustomer: await person('customer'),
  }
  const electrics = await t.inject({
    method: 'GET',
    url: `${V1}/categories/mastera-po-remontu/restnew/elektrika`,
  })
  const posted = await call('POST', '/orders', people.customer, {
    services: [electrics.json<{ id: number }>().id],
    name: 'Повесить полку',
    at_customer: true,
    area: 'Мирабадский район, Ташкент',
    address: 'ул. Шота Руставели, 12, кв. 5',
    ...PIN,
  })
  expect(posted.statusCode, posted.body).toBe(201)
  const id = posted.json<{ id: number }>().id
  for (const executor of [people.chosen, people.replying])
    expect(
      (await call('POST', `/orders/${id}/replies`, executor, { message: 'Могу завтра.' })).statusCode,
    ).toBe(201)
  const act = (action: string, caller: Caller, body = {}) =>
    call('POST', `/orders/${id}/actions/${action}`, caller, body)
  expect((await act('choose', people.customer, { executor_id: people.chosen.id })).statusCode).toBe(200)
  if (accepted) expect((await act('accept', people.chosen)).statusCode).toBe(200)
  return { id, people }
}

type Role = keyof Awaited<ReturnType<typeof orderAtPin>>['people'] | 'guest'

async function pointSeenBy(role: Role, accepted: boolean) {
  const { id, people } = await orderAtPin(accepted)
  const response = await call('GET', `/orders/${id}`, role === 'guest' ? null : people[role])
  expect(response.statusCode, response.body).toBe(200)
  return {
    body: response.body,
    order: response.json<{ lat: number; lng: number; location_exact: boolean }>(),
  }
}

const expectExact = ({ order }: Awaited<ReturnType<typeof pointSeenBy>>) =>
  expect(order).toMatchObject({ ...PIN, location_exact: true })

const expectPublicOnly = ({ order, body }: Awaited<ReturnType<typeof pointSeenBy>>) => {
  expect(order).toMatchObject({ ...PUBLIC_POINT, location_exact: false })
  expect(body).not.toContain(String(PIN.lat))
  expect(body).not.toContain(String(PIN.lng))
}

describe('GET /orders/{id}: the exact point', () => {
  it('is shown to the customer, before and after a specialist accepts', async () => {
    expectExact(await pointSeenBy('customer', false))
    expectExact(await pointSeenBy('customer', true))
  })

  it('is shown to the chosen specialist once they accept, and not before', async () => {
    expectPublicOnly(await pointSeenBy('chosen', false))
    expectExact(await pointSeenBy('chosen', true))
  })

  it('is never shown to a specialist who replied and was not chosen', async () => {
    expectPublicOnly(await pointSeenBy('replying', false))
    expectPublicOnly(await pointSeenBy('replying', true))
  })

  it('is never shown to a specialist who never replied', async () => {
    expectPublicOnly(await pointSeenBy('strangerSpecialist', false))
    expectPublicOnly(await pointSeenBy('strangerSpecialist', true))
  })

  it('is never shown to another customer', async () => {
    expectPublicOnly(await pointSeenBy('strangerCustomer', false))
    expectPublicOnly(await pointSeenBy('strangerCustomer', true))
  })

  it('is never shown to a guest', async () => {
    expectPublicOnly(await pointSeenBy('guest', false))
    expectPublicOnly(await pointSeenBy('guest', true))
  })
})
