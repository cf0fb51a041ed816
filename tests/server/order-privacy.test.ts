import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * Who sees what of an order (docs/decisions/008-input-bounds-and-privacy.md): the area for everyone who may read
 * it; the street, house, flat, the exact pin and the other party's contact only for the customer and, once they
 * accepted, the chosen specialist.
 */
const t = useTestApp({ catalogue: true })
const call = t.call.bind(t)

type User = { token: string; id: number; phone: string; name: string }
const AREA = 'Юнусабадский район, Ташкент'
const ADDRESS = '4-й квартал, дом 7, кв. 21'
const PIN = { lat: 41.363412, lng: 69.285731 }
const AREA_PIN = { lat: 41.36, lng: 69.29 }

async function user(type: 'customer' | 'executor'): Promise<User> {
  const { token } = await register(t, { type })
  const profile = (await call('GET', '/profile', { token })).json<{
    id: number
    username: string
    name: string
  }>()
  return { token, id: profile.id, phone: profile.username, name: profile.name }
}

async function electricsId() {
  const response = await t.inject({
    method: 'GET',
    url: `${V1}/categories/mastera-po-remontu/restnew/elektrika`,
  })
  return response.json<{ id: number }>().id
}

const act = (id: number, action: string, caller: User, payload: Record<string, unknown> = {}) =>
  call('POST', `/orders/${id}/actions/${action}`, caller, payload)

/** A customer's order with a reply from `replying` and another from `chosen`, whom the customer chose. */
async function cast() {
  const people = {
    customer: await user('customer'),
    chosen: await user('executor'),
    replying: await user('executor'),
    other: await user('executor'),
  }
  const order = (
    await call('POST', '/orders', people.customer, {
      services: [await electricsId()],
      name: 'Повесить люстру в зале',
      at_customer: true,
      area: AREA,
      address: ADDRESS,
      ...PIN,
      started_at: '2026-11-25T09:00:00.000Z',
      price: 20_000_000,
    })
  ).json<{ id: number }>()
  for (const executor of [people.chosen, people.replying]) {
    const reply = await call('POST', `/orders/${order.id}/replies`, executor, { message: 'Сделаю сегодня.' })
    expect(reply.statusCode).toBe(201)
  }
  expect((await act(order.id, 'choose', people.customer, { executor_id: people.chosen.id })).statusCode).toBe(
    200,
  )
  return { ...people, order }
}

type Seen = {
  area: string
  address: string | null
  lat: number
  lng: number
  location_exact: boolean
  contact: unknown
}
const read = async (id: number, caller: User | null) => {
  const response = await call('GET', `/orders/${id}`, caller)
  return { status: response.statusCode, body: response.body, order: response.json<Seen>() }
}

const hidden = (seen: Awaited<ReturnType<typeof read>>, people: User[]) => {
  expect(seen.status).toBe(200)
  expect(seen.order).toMatchObject({
    area: AREA,
    address: null,
    ...AREA_PIN,
    location_exact: false,
    contact: null,
  })
  // Not anywhere in the answer either: not the flat, not the pin's digits, not a phone or a name of the other side.
  expect(seen.body).not.toContain('кв. 21')
  expect(seen.body).not.toContain('41.363412')
  for (const person of people) expect(seen.body).not.toContain(person.phone)
}

describe('what each caller sees of an order', () => {
  it('shows the area to guests and to specialists who are not the chosen one, and nothing more', async () => {
    const { order, customer, chosen, replying, other } = await cast()
    hidden(await read(order.id, null), [customer, chosen])
    hidden(await read(order.id, other), [customer, chosen])
    hidden(await read(order.id, replying), [customer, chosen])
    const list = (await call('GET', '/orders?scope=all&tab=open', other)).json<{ collection: Seen[] }>()
    for (const listed of list.collection)
      expect(listed).toMatchObject({ address: null, location_exact: false })
  })

  it('shows the chosen specialist only the area until they accept, then the address, pin and customer contact', async () => {
    const { order, customer, chosen } = await cast()
    hidden(await read(order.id, chosen), [customer])
    expect((await act(order.id, 'accept', chosen)).statusCode).toBe(200)
    const accepted = await read(order.id, chosen)
    expect(accepted.order).toMatchObject({
      area: AREA,
      address: ADDRESS,
      ...PIN,
      location_exact: true,
      contact: { id: customer.id, role: 'customer', name: customer.name, phone: customer.phone, slug: null },
    })
  })

  it('shows the customer everything, and the specialist name, phone and profile once they accepted', async () => {
    const { order, customer, chosen } = await cast()
    const before = await read(order.id, customer)
    expect(before.order).toMatchObject({ address: ADDRESS, ...PIN, location_exact: true, contact: null })
    await act(order.id, 'accept', chosen)
    const after = await read(order.id, customer)
    expect(after.order.contact).toMatchObject({
      id: chosen.id,
      role: 'executor',
      name: chosen.name,
      phone: chosen.phone,
      slug: expect.stringMatching(/\S+/),
    })
  })

  it('keeps a completed or cancelled order from strangers, and its address from the specialists who only replied', async () => {
    const { order, customer, chosen, replying, other } = await cast()
    await act(order.id, 'accept', chosen)
    await act(order.id, 'complete', customer)
    expect((await read(order.id, null)).status).toBe(404)
    expect((await read(order.id, other)).status).toBe(404)
    hidden(await read(order.id, replying), [customer, chosen])
    expect((await read(order.id, chosen)).order).toMatchObject({ address: ADDRESS, location_exact: true })

    const canceled = await cast()
    await act(canceled.order.id, 'cancel', canceled.customer)
    expect((await read(canceled.order.id, null)).status).toBe(404)
    expect((await read(canceled.order.id, canceled.other)).status).toBe(404)
    hidden(await read(canceled.order.id, canceled.chosen), [canceled.customer])
  })

  it('shows the exact place in lists only to those who may see it, whoever read the same card before', async () => {
    const customer = await user('customer')
    const [chosen, replying] = [await user('executor'), await user('executor')]
    const posted = await call('POST', '/orders', customer, {
      services: [await electricsId()],
      name: 'Заменить проводку',
      at_customer: true,
      area: AREA,
      address: ADDRESS,
      ...PIN,
    })
    const id = posted.json<{ id: number }>().id
    const cardIn = async (path: string, caller: User | null) => {
      const response = await call('GET', path, caller)
      expect(response.statusCode, response.body).toBe(200)
      return response
        .json<{ collection: (Seen & { id: number })[] }>()
        .collection.find((card) => card.id === id)
    }
    const exact = { address: ADDRESS, ...PIN, location_exact: true }
    const area = { address: null, ...AREA_PIN, location_exact: false }
    // A guest's card, the customer's own lists, then a guest again: each sees only their own.
    expect(await cardIn('/orders?tab=open', null)).toMatchObject(area)
    expect(await cardIn('/orders?scope=mine&tab=open', customer)).toMatchObject(exact)
    expect(await cardIn(`/profile/${customer.id}/orders?tab=open`, customer)).toMatchObject(exact)
    expect(await cardIn('/orders?tab=open&bbox=69.1,41.2,69.4,41.4', customer)).toMatchObject(exact)
    expect(await cardIn('/orders?tab=open', replying)).toMatchObject(area)
    expect(await cardIn(`/profile/${customer.id}/orders?tab=open`, null)).toMatchObject(area)

    for (const executor of [chosen, replying])
      await call('POST', `/orders/${id}/replies`, executor, { message: 'Сделаю сегодня.' })
    await act(id, 'choose', customer, { executor_id: chosen.id })
    await act(id, 'accept', chosen)
    // The one who only replied reads the order in their list first; the accepted one still sees the door.
    expect(await cardIn('/orders?scope=mine&tab=in_progress', replying)).toMatchObject(area)
    expect(await cardIn('/orders?scope=mine&tab=in_progress', chosen)).toMatchObject(exact)
    expect(await cardIn('/orders?scope=mine&tab=in_progress', replying)).toMatchObject(area)
  })

  it('puts map markers at the area, not at the door', async () => {
    await cast()
    const map = (await call('GET', '/orders/map?bbox=69.1,41.2,69.4,41.4', null)).json<{
      collection: Seen[]
    }>()
    expect(map.collection).toHaveLength(0) // the order awaits its specialist, so it is not open any more
    const { order } = await (async () => {
      const customer = await user('customer')
      const created = await call('POST', '/orders', customer, {
        services: [await electricsId()],
        name: 'Починить розетку',
        at_customer: true,
        area: AREA,
        address: ADDRESS,
        ...PIN,
      })
      return { order: created.json<{ id: number }>() }
    })()
    const markers = (await call('GET', '/orders/map?bbox=69.1,41.2,69.4,41.4', null)).json<{
      collection: { id: number; lat: number; lng: number }[]
    }>()
    expect(markers.collection).toEqual([expect.objectContaining({ id: order.id, ...AREA_PIN })])
  })
})
