import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { OPEN_ORDERS_MAX } from '#contract/schemas/orders.ts'
import { loadConfig } from '#server/config.ts'
import { createOrdersRepository } from '#server/modules/orders/repository.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * One customer holds at most OPEN_ORDERS_MAX live orders (open, or awaiting a specialist) at once: past it a publish
 * is refused in our error shape and in the caller's language, and nothing already saved changes. The count and the
 * insert cannot be raced by concurrent publishes, and a replay of an order already made is still answered.
 */
const CAP = OPEN_ORDERS_MAX
const t = useTestApp({ catalogue: true, config: { OPEN_ORDERS_PER_CUSTOMER: CAP } })

type Customer = { token: string; id: number }

async function customer(): Promise<Customer> {
  await electricsId()
  const { token } = await register(t, { type: 'customer' })
  return { token, id: (await t.call('GET', '/profile', { token })).json<{ id: number }>().id }
}

let electrics: number | undefined
async function electricsId() {
  const response = await t.call('GET', '/categories/mastera-po-remontu/restnew/elektrika', null)
  return (electrics ??= response.json<{ id: number }>().id)
}

/** A publish that goes out at once, so that a burst's requests all race each other. */
const publish = (caller: Customer, name: string, key?: string, language = 'en') =>
  t.call(
    'POST',
    '/orders',
    caller,
    { services: [electrics!], name, at_customer: true, lat: 41.31, lng: 69.28 },
    { 'accept-language': language, ...(key && { 'idempotency-key': key }) },
  )

const liveOrdersOf = async (caller: Customer) => {
  const result = (await t.db.db.execute(sql`
    select id from orders where customer_id = ${caller.id}::int and status in ('open', 'inactive') order by id`)) as {
    rows: { id: number }[]
  }
  return result.rows.map((row) => row.id)
}

describe('how many live orders one customer may hold', () => {
  it('is the documented default', () => {
    expect(loadConfig({}).OPEN_ORDERS_PER_CUSTOMER).toBe(OPEN_ORDERS_MAX)
  })

  it('refuses an order past the cap with a localized 409 and keeps every order already saved', async () => {
    const owner = await customer()
    const ids: number[] = []
    for (let index = 1; index <= CAP; index++) {
      const response = await publish(owner, `Заказ ${index}`, `cap-key-${index}`)
      expect(response.statusCode, response.body).toBe(201)
      ids.push(response.json<{ id: number }>().id)
    }

    const refused = await publish(owner, 'Один лишний', 'cap-key-extra')
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      error: {
        type: 'conflict',
        code: 'open_orders_limit',
        message: `You can have at most ${CAP} active orders at a time: complete, cancel or delete one of them to post a new one`,
      },
    })
    const messages = new Set([refused.json().error.message])
    for (const language of ['ru', 'uz', 'oz']) {
      const answer = await publish(owner, 'Один лишний', 'cap-key-extra', language)
      expect(answer.statusCode).toBe(409)
      expect(answer.json().error.message).toContain(String(CAP))
      messages.add(answer.json().error.message)
    }
    expect(messages.size).toBe(4)
    expect(await liveOrdersOf(owner)).toEqual(ids)

    // A replay of an order already made (an outbox sending again) is still answered with that order.
    const replay = await publish(owner, 'Заказ 1', 'cap-key-1')
    expect(replay.statusCode, replay.body).toBe(201)
    expect(replay.json<{ id: number }>().id).toBe(ids[0])

    // A paused order is still live: pausing cannot make room.
    const paused = await t.call('POST', `/orders/${ids[1]}/actions/toggle-replies`, owner, {})
    expect(paused.json<{ status: string }>().status).toBe('inactive')
    expect((await publish(owner, 'Один лишний')).statusCode).toBe(409)

    // Someone else is not held back; a deleted order makes room.
    expect((await publish(await customer(), 'Чужой заказ')).statusCode).toBe(201)
    expect((await t.call('DELETE', `/orders/${ids[0]}`, owner)).statusCode).toBe(200)
    const next = await publish(owner, 'Теперь можно', 'cap-key-extra')
    expect(next.statusCode, next.body).toBe(201)
    expect(await liveOrdersOf(owner)).toEqual([...ids.slice(1), next.json<{ id: number }>().id])
  })

  it('leaves exactly the cap live after a burst of concurrent publishes', async () => {
    const owner = await customer()
    const burst = 25
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, index) => publish(owner, `Заказ ${index}`, `burst-key-${index}`)),
    )
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAP)
    expect(statuses.filter((status) => status === 409)).toHaveLength(burst - CAP)
    const created = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().id)
    expect(await liveOrdersOf(owner)).toEqual(created.sort((a, b) => a - b))

    // Replays of an order made in the burst, all at once, each answer that order.
    const made = answers.findIndex((answer) => answer.statusCode === 201)
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => publish(owner, `Заказ ${made}`, `burst-key-${made}`)),
    )
    expect(replays.map((answer) => [answer.statusCode, answer.json().id])).toEqual(
      Array.from({ length: 5 }, () => [201, answers[made]!.json().id]),
    )
    expect(await liveOrdersOf(owner)).toHaveLength(CAP)

    // Room for one, and one new order sent three times at once: it is made once, and every send answers it.
    expect((await t.call('DELETE', `/orders/${created[0]}`, owner)).statusCode).toBe(200)
    const sends = await Promise.all(Array.from({ length: 3 }, () => publish(owner, 'Последний', 'last-key')))
    expect(sends.map((answer) => answer.statusCode)).toEqual([201, 201, 201])
    expect(new Set(sends.map((answer) => answer.json().id)).size).toBe(1)
    expect(await liveOrdersOf(owner)).toHaveLength(CAP)
  })

  it('holds when the repository itself is raced, whatever the requests around it wait for', async () => {
    const owner = await customer()
    const repository = createOrdersRepository(t.db.db)
    const now = t.clock.now()
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        repository.insertWithinCap(
          {
            customerId: owner.id,
            services: [electrics!],
            name: `Заказ ${index}`,
            atCustomer: true,
            createdAt: now,
            updatedAt: now,
          },
          CAP,
        ),
      ),
    )
    expect(results.filter((result) => 'created' in result)).toHaveLength(CAP)
    expect(results.filter((result) => 'full' in result)).toHaveLength(25 - CAP)
    expect(await liveOrdersOf(owner)).toHaveLength(CAP)
  })
})
