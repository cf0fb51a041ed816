import { describe, expect, it } from 'vitest'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { send, user } from '#tests/helpers/specialists.ts'
import { grantPlan } from '#tests/helpers/wallet.ts'
import { firstOverlap } from '#server/modules/calendar/occurrences.ts'

const t = useTestApp()

/** A specialist who may write their calendar: it comes with the starter plan (decision 016). */
async function specialist() {
  const caller = await user(t)
  await grantPlan(t, caller, 'starter')
  return caller
}

// 2026-11-25 is a Wednesday; times are UTC (Tashkent is UTC+5).
const event = (title: string, start: string, end: string, period: 'once' | 'weekly' = 'once') => ({
  title,
  started_at: start,
  ended_at: end,
  period,
})

describe('POST /calendar', () => {
  it('adds a busy time and refuses one that overlaps it, naming the date in the caller language', async () => {
    const me = await specialist()
    const added = await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Ремонт', '2026-11-25T04:00:00.000Z', '2026-11-25T07:00:00.000Z'),
    )
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({
      title: 'Ремонт',
      period: 'once',
      started_at: '2026-11-25T04:00:00.000Z',
    })

    const clash = event('Другое', '2026-11-25T06:00:00.000Z', '2026-11-25T08:00:00.000Z')
    const ru = await send(t, 'POST', '/calendar', me, clash, 'ru')
    expect(ru.statusCode).toBe(409)
    expect(ru.json().error).toMatchObject({ type: 'conflict', code: 'calendar_overlap' })
    // ICU writes some spaces as non-breaking ones.
    expect(ru.json().error.message.replace(/\s/g, ' ')).toBe(
      'Событие пересекается с другими событиями: 25 ноября 2026 г., 09:00–12:00',
    )
    const en = await send(t, 'POST', '/calendar', me, clash, 'en')
    expect(en.json().error.message).toBe(
      'The event overlaps existing events on 25 November 2026, 09:00–12:00',
    )
    const oz = await send(t, 'POST', '/calendar', me, clash, 'oz')
    expect(oz.json().error.message).toContain('09:00–12:00')
    expect(oz.json().error.message).toContain('noyabr')

    // Touching is not overlapping: the next one may begin when this one ends.
    const next = await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Следом', '2026-11-25T07:00:00.000Z', '2026-11-25T08:00:00.000Z'),
    )
    expect(next.statusCode).toBe(201)
    // Another user's calendar is their own.
    const other = await specialist()
    expect((await send(t, 'POST', '/calendar', other, clash)).statusCode).toBe(201)
  })

  it('refuses a once event on a later week of a weekly one, naming that week', async () => {
    const me = await specialist()
    await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Занятия', '2026-11-25T04:00:00.000Z', '2026-11-25T06:00:00.000Z', 'weekly'),
    )
    const twoWeeksLater = event('Выезд', '2026-12-09T05:00:00.000Z', '2026-12-09T09:00:00.000Z')
    const refused = await send(t, 'POST', '/calendar', me, twoWeeksLater, 'en')
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error.message).toBe(
      'The event overlaps existing events on 9 December 2026, 09:00–11:00',
    )
    // The day before the weekly event began is free.
    const before = await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Раньше', '2026-11-18T04:00:00.000Z', '2026-11-18T06:00:00.000Z'),
    )
    expect(before.statusCode).toBe(201)
  })

  it('refuses a weekly event that would meet an existing once or weekly event in some later week', async () => {
    const me = await specialist()
    await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Свадьба', '2027-01-13T05:00:00.000Z', '2027-01-13T10:00:00.000Z'),
    )
    const weekly = await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Курсы', '2026-11-25T09:00:00.000Z', '2026-11-25T11:00:00.000Z', 'weekly'),
      'en',
    )
    expect(weekly.statusCode).toBe(409)
    expect(weekly.json().error.message).toBe(
      'The event overlaps existing events on 13 January 2027, 10:00–15:00',
    )

    await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Тренировка', '2026-11-23T04:00:00.000Z', '2026-11-23T05:00:00.000Z', 'weekly'),
    )
    // A Monday, weeks later, at the same hour: the weekly repeats meet.
    const laterWeekly = await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Йога', '2027-02-01T04:30:00.000Z', '2027-02-01T06:00:00.000Z', 'weekly'),
      'en',
    )
    expect(laterWeekly.statusCode).toBe(409)
    expect(laterWeekly.json().error.message).toContain('1 February 2027, 09:00–10:00')
    // Another weekday is free.
    const tuesday = await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Йога', '2027-02-02T04:30:00.000Z', '2027-02-02T06:00:00.000Z', 'weekly'),
    )
    expect(tuesday.statusCode).toBe(201)
  })

  it('refuses an end before the start', async () => {
    const me = await specialist()
    const response = await send(
      t,
      'POST',
      '/calendar',
      me,
      event('x', '2026-11-25T08:00:00.000Z', '2026-11-25T07:00:00.000Z'),
    )
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().error.fields)).toEqual(['ended_at'])
  })
})

describe('PUT /calendar/{id} and DELETE /calendar/{id}', () => {
  it('moves an event under the same overlap rule, ignoring its own old time', async () => {
    const me = await specialist()
    const a = (
      await send(
        t,
        'POST',
        '/calendar',
        me,
        event('A', '2026-11-25T04:00:00.000Z', '2026-11-25T06:00:00.000Z'),
      )
    ).json()
    await send(t, 'POST', '/calendar', me, event('B', '2026-11-26T04:00:00.000Z', '2026-11-26T06:00:00.000Z'))
    const longer = await send(
      t,
      'PUT',
      `/calendar/${a.id}`,
      me,
      event('A2', '2026-11-25T03:00:00.000Z', '2026-11-25T07:00:00.000Z'),
    )
    expect(longer.statusCode).toBe(200)
    expect(longer.json()).toMatchObject({ id: a.id, title: 'A2' })
    const ontoB = await send(
      t,
      'PUT',
      `/calendar/${a.id}`,
      me,
      event('A3', '2026-11-26T05:00:00.000Z', '2026-11-26T07:00:00.000Z', 'weekly'),
    )
    expect(ontoB.statusCode).toBe(409)
  })

  it('lets only the owner change or delete an event (403 another user, 401 a guest)', async () => {
    const owner = await specialist()
    const other = await user(t)
    const a = (
      await send(
        t,
        'POST',
        '/calendar',
        owner,
        event('A', '2026-11-25T04:00:00.000Z', '2026-11-25T06:00:00.000Z'),
      )
    ).json()
    const body = event('Чужое', '2026-11-27T04:00:00.000Z', '2026-11-27T06:00:00.000Z')
    expect((await send(t, 'POST', '/calendar', null, body)).statusCode).toBe(401)
    for (const [method, payload] of [
      ['PUT', body],
      ['DELETE', undefined],
    ] as const) {
      expect((await send(t, method, `/calendar/${a.id}`, null, payload)).statusCode).toBe(401)
      expect((await send(t, method, `/calendar/${a.id}`, other, payload)).statusCode).toBe(403)
    }
    expect((await send(t, 'PUT', `/calendar/${a.id}`, owner, body)).statusCode).toBe(200)
    expect((await send(t, 'DELETE', `/calendar/${a.id}`, owner)).json()).toEqual({ status: true })
    expect((await send(t, 'DELETE', `/calendar/${a.id}`, owner)).statusCode).toBe(404)
  })
})

describe('GET /profile/{id}/calendar', () => {
  it('gives everyone the busy times, weekly ones repeated, and only the owner the titles', async () => {
    const me = await specialist()
    await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Секрет', '2026-11-25T04:00:00.000Z', '2026-11-25T06:00:00.000Z', 'weekly'),
    )
    await send(
      t,
      'POST',
      '/calendar',
      me,
      event('Разово', '2026-11-27T04:00:00.000Z', '2026-11-27T06:00:00.000Z'),
    )
    const url = `/profile/${me.id}/calendar?from=2026-11-23&to=2026-12-06`
    const guest = (await send(t, 'GET', url, null)).json()
    expect(guest.collection).toEqual([])
    expect(guest.busy).toEqual([
      { started_at: '2026-11-25T04:00:00.000Z', ended_at: '2026-11-25T06:00:00.000Z' },
      { started_at: '2026-11-27T04:00:00.000Z', ended_at: '2026-11-27T06:00:00.000Z' },
      { started_at: '2026-12-02T04:00:00.000Z', ended_at: '2026-12-02T06:00:00.000Z' },
    ])
    expect(JSON.stringify(guest)).not.toContain('Секрет')
    const own = (await send(t, 'GET', url, me)).json()
    expect(own.collection.map((e: { title: string }) => e.title)).toEqual(['Секрет', 'Разово', 'Секрет'])
  })

  it('refuses a range over 62 days or backwards', async () => {
    const me = await user(t)
    const long = await send(
      t,
      'GET',
      `/profile/${me.id}/calendar?from=2026-01-01&to=2026-03-05`,
      null,
      undefined,
      'en',
    )
    expect(long.statusCode).toBe(400)
    expect(long.json().error.fields.to).toEqual(['Choose a period of 1 to 62 days'])
    expect(
      (await send(t, 'GET', `/profile/${me.id}/calendar?from=2026-03-05&to=2026-03-01`, null)).statusCode,
    ).toBe(400)
    expect(
      (await send(t, 'GET', `/profile/${me.id}/calendar?from=2026-01-01&to=2026-03-03`, null)).statusCode,
    ).toBe(200)
  })
})

describe('firstOverlap', () => {
  const at = (iso: string) => new Date(iso)
  it('finds the first week two weekly events meet, and none for different weekdays', () => {
    const monday = {
      startedAt: at('2026-11-23T04:00:00Z'),
      endedAt: at('2026-11-23T05:00:00Z'),
      period: 'weekly' as const,
    }
    const laterMonday = {
      startedAt: at('2027-02-01T04:30:00Z'),
      endedAt: at('2027-02-01T06:00:00Z'),
      period: 'weekly' as const,
    }
    expect(firstOverlap(monday, laterMonday)?.start.toISOString()).toBe('2027-02-01T04:30:00.000Z')
    expect(firstOverlap(laterMonday, monday)?.start.toISOString()).toBe('2027-02-01T04:00:00.000Z')
    const tuesday = {
      ...laterMonday,
      startedAt: at('2027-02-02T04:30:00Z'),
      endedAt: at('2027-02-02T06:00:00Z'),
    }
    expect(firstOverlap(monday, tuesday)).toBeNull()
  })
})
