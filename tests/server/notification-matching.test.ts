import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newOrderNotificationRows } from '#server/modules/notifications/matching.ts'
import { bell, publish } from '#tests/helpers/notifications.ts'
import {
  addSpeciality,
  catalogue,
  send,
  someDistricts,
  user,
  type Caller,
} from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })

async function changeProfile(caller: Caller, fields: Record<string, unknown>) {
  const response = await send(t, 'PUT', `/profile/${caller.id}`, caller, fields)
  if (response.statusCode !== 200) throw new Error(response.body)
}

/** Specialists who differ in one thing each from the one who serves Yunusabad in the first category. */
async function market() {
  const { first, second, ofFirst, ofSecond } = await catalogue(t)
  const { yunusabad, chilanzar } = await someDistricts(t)
  const specialistOf = async (category = first.id, service = ofFirst[0]!.id, fields = {}) => {
    const me = await user(t, 'executor')
    const speciality = await addSpeciality(t, me, category, [{ service }])
    if (Object.keys(fields).length > 0) await changeProfile(me, fields)
    return { me, speciality }
  }
  const people = {
    yunusabad: (await specialistOf(first.id, ofFirst[0]!.id, { district_ids: [yunusabad.id] })).me,
    chilanzar: (await specialistOf(first.id, ofFirst[1]!.id, { district_ids: [chilanzar.id] })).me,
    noDistricts: (await specialistOf()).me,
    otherCategory: (await specialistOf(second.id, ofSecond[0]!.id)).me,
    paused: await (async () => {
      const { me, speciality } = await specialistOf(first.id, ofFirst[0]!.id, {
        district_ids: [yunusabad.id],
      })
      const off = await send(t, 'PUT', `/speciality/status/${me.id}/${speciality.id}/category`, me, {
        active: false,
      })
      expect(off.statusCode).toBe(200)
      return me
    })(),
    notAccepting: (await specialistOf(first.id, ofFirst[0]!.id, { accepts_orders: false })).me,
  }
  const customer = await user(t, 'customer')
  return { people, customer, yunusabad, chilanzar }
}

type People = Awaited<ReturnType<typeof market>>['people']

/** The names of those whose bell has a notification of the order. */
async function heardOf(orderId: number, people: Partial<People>) {
  const names: string[] = []
  for (const [name, caller] of Object.entries(people)) {
    const links = (await bell(t, caller)).collection.map((n) => n.link)
    if (links.includes(`/order/${orderId}`)) names.push(name)
  }
  return names
}

describe('who hears of a new order', () => {
  it('the specialists of its category who serve its district, with an active specialty, taking orders', async () => {
    const { people, customer, yunusabad } = await market()
    const order = await publish(t, customer, { district_id: yunusabad.id })
    expect(await heardOf(order.id, people)).toEqual(['yunusabad'])
  })

  it('every district’s specialists of the category when the order is online', async () => {
    const { people, customer, chilanzar } = await market()
    const order = await publish(t, customer, {
      district_id: chilanzar.id,
      is_online: true,
      at_customer: false,
    })
    expect(await heardOf(order.id, people)).toEqual(['yunusabad', 'chilanzar', 'noDistricts'])
  })

  it('every specialist of the category when the order names no district', async () => {
    const { people, customer } = await market()
    const order = await publish(t, customer)
    expect(await heardOf(order.id, people)).toEqual(['yunusabad', 'chilanzar', 'noDistricts'])
  })

  it('never the customer, even one who is a specialist of the category', async () => {
    const { people } = await market()
    await changeProfile(people.noDistricts, { type: 'customer' })
    const order = await publish(t, people.noDistricts)
    expect(await heardOf(order.id, people)).toEqual(['yunusabad', 'chilanzar'])
  })

  it('only its specialist when the order is direct', async () => {
    const { people, customer } = await market()
    // A direct order is for a service its specialist provides: Chilanzar's is the first category's second one.
    const { ofFirst } = await catalogue(t)
    const order = await publish(t, customer, { executor_id: people.chilanzar.id, services: [ofFirst[1]!.id] })
    expect(await heardOf(order.id, people)).toEqual(['chilanzar'])
    expect((await bell(t, people.chilanzar)).collection[0]!.type_push).toBe('executor_chosen')
  })

  it('is found by one statement through the index of active specialties', async () => {
    const { first } = await catalogue(t)
    const query = newOrderNotificationRows(
      t.db.db,
      { categoryId: first.id, customerId: 1, isOnline: false, districtId: 1 },
      {
        kind: 'new_order',
        params: { number: '000001', name: 'Заказ' },
        link: '/order/1',
        actorId: 1,
        orderId: 1,
        createdAt: t.clock.now(),
      },
    )
    // With sequential scans priced out, the plan shows which index the query can use on any table size.
    const plan = await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] }
    })
    const text = plan.rows.map((row) => Object.values(row).join('')).join('\n')
    expect(text).toContain('specialities_category_active')
  })
})
