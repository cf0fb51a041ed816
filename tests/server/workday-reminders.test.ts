import { and, desc, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { notifications } from '#server/db/schema/notifications.ts'
import { notificationText, type TextParams } from '#server/modules/notifications/texts.ts'
import { WORKDAY_REMINDERS_JOB } from '#server/modules/workday/reminders.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { act, fakeRealtime } from '#tests/helpers/notifications.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { acceptedOrder } from '#tests/helpers/workday.ts'

/**
 * Job reminders (docs/decisions/031-workday.md): at 20:00 Tashkent the evening before a job and about an hour
 * before it, by the durable sweep job; once each, never for a cancelled order, never when switched off.
 */
const t = useTestApp({ catalogue: true, deps: { realtimeHub: fakeRealtime().hub } })

/** Runs the sweep as its schedule would, and waits for what it did. */
async function sweep() {
  await t.app.jobs.send(WORKDAY_REMINDERS_JOB, {})
  await jobsSettled(t.db)
  await t.app.services.events.settled()
}
/**
 * The caller's reminders, newest first, each as its English sentence. Read from the table: hours pass on the test
 * clock, and the caller's access token would not outlive them.
 */
const reminders = async (caller: Caller) =>
  (
    await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, caller.id), like(notifications.kind, 'job_reminder%')))
      .orderBy(desc(notifications.id))
  ).map((row) => [row.kind, notificationText(row.kind, row.params as TextParams, 'en').message])

// The test clock starts at 2026-11-21 09:00 UTC, 14:00 in Tashkent; the job is the next day at 10:00 Tashkent.
const TOMORROW_10 = { started_at: '2026-11-22T05:00:00.000Z', ended_at: '2026-11-22T07:00:00.000Z' }
const HOUR_S = 3600

describe('job reminders', () => {
  it('remind the specialist at 20:00 the evening before and an hour before, each once', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t, 'executor')
    const order = await acceptedOrder(t, customer, me, { ...TOMORROW_10, name: 'Повесить люстру' })
    await sweep()
    expect(await reminders(me)).toEqual([])
    t.clock.advance(6 * HOUR_S - 60)
    await sweep()
    expect(await reminders(me)).toEqual([])
    t.clock.advance(60)
    await sweep()
    await sweep()
    const evening = [
      'job_reminder_evening',
      `Tomorrow at 10:00: the order №${order.number} “Повесить люстру”`,
    ]
    expect(await reminders(me)).toEqual([evening])
    // 09:05 in Tashkent, 55 minutes before.
    t.clock.advance(13 * HOUR_S + 5 * 60)
    await sweep()
    await sweep()
    expect(await reminders(me)).toEqual([
      ['job_reminder_hour', `At 10:00: the order №${order.number} “Повесить люстру”`],
      evening,
    ])
    // The customer hears nothing of it.
    expect(await reminders(customer)).toEqual([])
  })

  it('never remind of a cancelled order', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t, 'executor')
    const order = await acceptedOrder(t, customer, me, TOMORROW_10)
    await act(t, order.id, 'cancel', customer)
    t.clock.advance(6 * HOUR_S)
    await sweep()
    t.clock.advance(13 * HOUR_S + 5 * 60)
    await sweep()
    expect(await reminders(me)).toEqual([])
  })

  it('leave out the reminder the specialist switched off, and keep the other', async () => {
    const customer = await user(t, 'customer')
    const me = await user(t, 'executor')
    const settings = await send(t, 'PUT', '/profile/notification/settings', me, {
      reminders: { evening_before: false },
    })
    expect(settings.statusCode, settings.body).toBe(200)
    expect(settings.json()).toMatchObject({ reminders: { evening_before: false, hour_before: true } })
    const read = await send(t, 'GET', '/profile/notification/settings', me)
    expect(read.json()).toMatchObject({ reminders: { evening_before: false, hour_before: true } })
    const bad = await send(t, 'PUT', '/profile/notification/settings', me, {
      reminders: { hour_before: 'no' },
    })
    expect(bad.statusCode).toBe(400)
    // Another specialist switches both off.
    const quiet = await user(t, 'executor')
    const off = await send(t, 'PUT', '/profile/notification/settings', quiet, {
      reminders: { evening_before: false, hour_before: false },
    })
    expect(off.json()).toMatchObject({ reminders: { evening_before: false, hour_before: false } })
    await acceptedOrder(t, customer, me, TOMORROW_10)
    await acceptedOrder(t, customer, quiet, TOMORROW_10)
    t.clock.advance(6 * HOUR_S)
    await sweep()
    expect(await reminders(me)).toEqual([])
    t.clock.advance(13 * HOUR_S + 5 * 60)
    await sweep()
    expect((await reminders(me)).map(([kind]) => kind)).toEqual(['job_reminder_hour'])
    expect((await reminders(quiet)).map(([kind]) => kind)).toEqual([])
  })
})
