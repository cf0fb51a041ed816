import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { act } from '#tests/helpers/notifications.ts'
import { catalogue, provide, send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { acceptedOrder, chosen, openOrder, PLACE } from '#tests/helpers/workday.ts'

/**
 * The landmark (mo'ljal) is private exactly like the address (docs/decisions/008 and 031): the customer sees both,
 * the specialist once they accepted, nobody else — not another specialist, a guest, a list or the page's head.
 */
const SHELL =
  '<!doctype html><html lang="ru"><head><title>Fika</title></head><body><div id="root"></div></body></html>'
const webRoot = await mkdtemp(join(tmpdir(), 'fika-workday-'))
await writeFile(join(webRoot, 'index.html'), SHELL)
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const t = useTestApp({ catalogue: true, deps: { webRoot } })

const read = async (id: number, caller: Caller | null) => {
  const response = await send(t, 'GET', `/orders/${id}`, caller)
  expect(response.statusCode).toBe(200)
  return { body: response.body, order: response.json<{ address: string | null; landmark: string | null }>() }
}
const expectHidden = (seen: Awaited<ReturnType<typeof read>>) => {
  expect(seen.order).toMatchObject({ address: null, landmark: null })
  expect(seen.body).not.toContain('синие ворота')
  expect(seen.body).not.toContain('кв. 21')
}
const expectShown = (seen: Awaited<ReturnType<typeof read>>) =>
  expect(seen.order).toMatchObject({ address: PLACE.address, landmark: PLACE.landmark })

describe('the landmark of an order', () => {
  it('is the customer’s and, once accepted, the specialist’s; never another specialist’s or a guest’s', async () => {
    const customer = await user(t, 'customer')
    const executor = await user(t, 'executor')
    const other = await user(t, 'executor')
    const order = await openOrder(t, customer)
    expectShown(await read(order.id, customer))
    for (const caller of [executor, other, null]) expectHidden(await read(order.id, caller))
    await chosen(t, order.id, customer, executor)
    // Chosen is not yet accepted.
    expectHidden(await read(order.id, executor))
    await act(t, order.id, 'accept', executor)
    expectShown(await read(order.id, executor))
    expectShown(await read(order.id, customer))
    for (const caller of [other, null]) expectHidden(await read(order.id, caller))
  })

  it('stays out of the open list, the map and the order page’s head', async () => {
    const customer = await user(t, 'customer')
    const order = await openOrder(t, customer)
    const executor = await user(t, 'executor')
    for (const url of ['/orders?perPage=50', '/orders/map?bbox=69,41,70,42']) {
      const answer = await send(t, 'GET', url, executor)
      expect(answer.statusCode, url).toBe(200)
      expect(answer.body, url).not.toContain('синие ворота')
    }
    const page = await t.inject({
      method: 'GET',
      url: `/order/${order.id}`,
      headers: { accept: 'text/html', host: 'fika.uz' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('data-server-head')
    expect(page.body).not.toContain('синие ворота')
    expect(page.body).not.toContain('кв. 21')
  })

  it('is set by publishing and by an edit, trimmed, up to 200 characters', async () => {
    const customer = await user(t, 'customer')
    const order = await openOrder(t, customer, { landmark: '  у аптеки  ' })
    expect((await read(order.id, customer)).order.landmark).toBe('у аптеки')
    const edited = await send(t, 'POST', `/orders/${order.id}`, customer, {
      services: [(await catalogue(t)).ofFirst[0]!.id],
      name: 'Повесить люстру',
      at_customer: true,
      landmark: 'за мечетью, второй подъезд',
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ landmark: 'за мечетью, второй подъезд' })
    const tooLong = await send(
      t,
      'POST',
      '/orders',
      customer,
      {
        services: [1],
        name: 'Повесить люстру',
        at_customer: true,
        landmark: 'я'.repeat(201),
      },
      'en',
    )
    expect(tooLong.statusCode).toBe(400)
    expect(tooLong.json()).toMatchObject({
      error: { code: 'landmark_max', fields: { landmark: ['The landmark must be at most 200 characters'] } },
    })
  })

  it('reaches the specialist of a direct order once they accept it, as on an order they replied to', async () => {
    const customer = await user(t, 'customer')
    const executor = await user(t, 'executor')
    const service = (await catalogue(t)).ofFirst[0]!.id
    await provide(t, executor, [service])
    const direct = await openOrder(t, customer, { services: [service], executor_id: executor.id })
    expectHidden(await read(direct.id, executor))
    await act(t, direct.id, 'accept', executor)
    expectShown(await read(direct.id, executor))
    const replied = await acceptedOrder(t, customer, executor)
    expectShown(await read(replied.id, executor))
  })
})
