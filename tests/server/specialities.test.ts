import { describe, expect, it } from 'vitest'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { addSpeciality, catalogue, send, user } from '#tests/helpers/specialists.ts'

const t = useTestApp({ catalogue: true })

describe('POST /speciality/{userId}/all', () => {
  it('adds a category with its services and prices, and merges a second add of the same category', async () => {
    const me = await user(t)
    const { first, ofFirst } = await catalogue(t)
    const added = await addSpeciality(t, me, first.id, [
      { service: ofFirst[0]!.id, price_from: 5_000_000, price_to: 10_000_000 },
    ])
    expect(added).toMatchObject({
      user_id: me.id,
      category: { id: first.id, slug: first.slug, name: first.name.ru },
      active: true,
      services: [
        { service: { id: ofFirst[0]!.id }, price_from: 5_000_000, price_to: 10_000_000, active: true },
      ],
    })
    const merged = await addSpeciality(t, me, first.id, [{ service: ofFirst[1]!.id }])
    expect(merged.id).toBe(added.id)
    expect(merged.services.map((line) => line.service.id).sort()).toEqual(
      [ofFirst[0]!.id, ofFirst[1]!.id].sort(),
    )
  })

  it('refuses a service of another category and a price range upside down', async () => {
    const me = await user(t)
    const { first, ofSecond, ofFirst } = await catalogue(t)
    const foreign = await send(
      t,
      'POST',
      `/speciality/${me.id}/all`,
      me,
      {
        category: first.id,
        services: [{ service: ofSecond[0]!.id }],
      },
      'en',
    )
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().error.fields.services).toEqual(['This service is not in the chosen category'])
    const upsideDown = await send(t, 'POST', `/speciality/${me.id}/all`, me, {
      category: first.id,
      services: [{ service: ofFirst[0]!.id, price_from: 200, price_to: 100 }],
    })
    expect(upsideDown.statusCode).toBe(400)
    expect(Object.keys(upsideDown.json().error.fields)).toEqual(['services.0.price_to'])
    const tooDear = await send(t, 'POST', `/speciality/${me.id}/all`, me, {
      category: first.id,
      services: [{ service: ofFirst[0]!.id, price_from: 1e13 }],
    })
    expect(tooDear.statusCode).toBe(400)
  })
})

describe('reading specialties', () => {
  it('shows the owner inactive specialties and lines, and everyone else only active ones', async () => {
    const me = await user(t)
    const other = await user(t, 'customer')
    const { first, second, ofFirst, ofSecond } = await catalogue(t)
    const kept = await addSpeciality(t, me, first.id, [
      { service: ofFirst[0]!.id },
      { service: ofFirst[1]!.id, active: false },
    ])
    const paused = await addSpeciality(t, me, second.id, [{ service: ofSecond[0]!.id }])
    await send(t, 'PUT', `/speciality/status/${me.id}/${paused.id}/category`, me, { active: false })

    const own = (await send(t, 'GET', `/speciality/${me.id}/all`, me)).json().collection
    expect(own).toHaveLength(2)
    for (const reader of [other, null]) {
      const seen = (await send(t, 'GET', `/speciality/${me.id}/all`, reader)).json().collection
      expect(seen).toHaveLength(1)
      expect(seen[0].id).toBe(kept.id)
      expect(seen[0].services.map((line: { service: { id: number } }) => line.service.id)).toEqual([
        ofFirst[0]!.id,
      ])
      expect((await send(t, 'GET', `/speciality/${paused.id}/one`, reader)).statusCode).toBe(404)
    }
    expect((await send(t, 'GET', `/speciality/${paused.id}/one`, me)).json().active).toBe(false)
    expect((await send(t, 'GET', `/speciality/${kept.id}/one`, null)).json().id).toBe(kept.id)
    expect((await send(t, 'GET', '/speciality/2147483647/all', null)).statusCode).toBe(404)
  })
})

describe('changing specialties', () => {
  it('replaces the services of one specialty and switches a line, a specialty and all of them', async () => {
    const me = await user(t)
    const { first, second, ofFirst, ofSecond } = await catalogue(t)
    const one = await addSpeciality(t, me, first.id, [
      { service: ofFirst[0]!.id },
      { service: ofFirst[1]!.id },
    ])
    await addSpeciality(t, me, second.id, [{ service: ofSecond[0]!.id }])

    const replaced = await send(t, 'POST', `/speciality/update/${one.id}/one`, me, {
      services: [{ service: ofFirst[1]!.id, price_from: 100 }, { service: ofFirst[2]!.id }],
    })
    expect(replaced.statusCode).toBe(200)
    expect(
      replaced
        .json()
        .services.map((line: { service: { id: number } }) => line.service.id)
        .sort(),
    ).toEqual([ofFirst[1]!.id, ofFirst[2]!.id].sort())
    const line = replaced.json().services[0]
    const switched = await send(t, 'PUT', `/speciality/status/${line.id}/speciality`, me, { active: false })
    expect(switched.json().services.find((l: { id: number }) => l.id === line.id).active).toBe(false)

    const off = await send(t, 'PUT', `/speciality/status/${me.id}/user`, me, { active: false })
    expect(off.json().collection.map((s: { active: boolean }) => s.active)).toEqual([false, false])
    const on = await send(t, 'PUT', `/speciality/status/${me.id}/${one.id}/category`, me, { active: true })
    expect(on.json().active).toBe(true)

    expect((await send(t, 'DELETE', `/speciality/${one.id}/delete`, me)).json()).toEqual({ status: true })
    expect((await send(t, 'GET', `/speciality/${one.id}/one`, me)).statusCode).toBe(404)
  })

  it('lets only the owner write: another user gets 403 and a guest 401, for every write', async () => {
    const owner = await user(t)
    const other = await user(t)
    const { first, ofFirst } = await catalogue(t)
    const spec = await addSpeciality(t, owner, first.id, [{ service: ofFirst[0]!.id }])
    const lineId = spec.services[0]!.id
    // In an order the owner can run them one after another.
    const writes = [
      ['PUT', `/speciality/status/${lineId}/speciality`, { active: false }],
      [
        'POST',
        `/speciality/${owner.id}/all`,
        { category: first.id, services: [{ service: ofFirst[1]!.id }] },
      ],
      ['POST', `/speciality/update/${spec.id}/one`, { services: [{ service: ofFirst[1]!.id }] }],
      ['PUT', `/speciality/status/${owner.id}/${spec.id}/category`, { active: false }],
      ['PUT', `/speciality/status/${owner.id}/user`, { active: false }],
      ['DELETE', `/speciality/${spec.id}/delete`, undefined],
    ] as const
    for (const [method, url, body] of writes) {
      expect((await send(t, method, url, null, body)).statusCode, `${method} ${url} as a guest`).toBe(401)
      expect((await send(t, method, url, other, body)).statusCode, `${method} ${url} as another`).toBe(403)
    }
    // Nothing changed for the owner.
    const still = (await send(t, 'GET', `/speciality/${spec.id}/one`, owner)).json()
    expect(still).toMatchObject({ active: true, services: [{ id: lineId, active: true }] })
    // The owner may do each of them.
    for (const [method, url, body] of writes) {
      expect((await send(t, method, url, owner, body)).statusCode, `${method} ${url} as the owner`).toBe(200)
    }
  })
})
