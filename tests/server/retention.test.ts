import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addSeconds } from '#server/lib/clock.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()
const DAY_S = 24 * 3600
const RETENTION_JOBS = ['notifications', 'push', 'sms', 'sessions', 'wallet'].map(
  (area) => `retention.${area}`,
)

const ago = (days: number) => addSeconds(t.clock.now(), -days * DAY_S).toISOString()
const execute = (query: ReturnType<typeof sql>) => t.db.db.execute(query)
async function rows<T>(query: ReturnType<typeof sql>) {
  return ((await execute(query)) as unknown as { rows: T[] }).rows
}

async function notification(person: Caller, label: string, days: number, read: boolean) {
  await execute(sql`insert into notifications (user_id, kind, params, link, read_at, created_at)
    values (${person.id}, 'order_published', ${JSON.stringify({ label })}::jsonb, '/order/1',
      ${read ? ago(days) : null}::timestamptz, ${ago(days)}::timestamptz)`)
}

async function device(person: Caller, label: string, failingDays: number | null) {
  await execute(sql`insert into push_subscriptions (user_id, provider, endpoint, created_at, failing_since)
    values (${person.id}, 'fcm', ${label}, ${ago(400)}::timestamptz,
      ${failingDays === null ? null : ago(failingDays)}::timestamptz)`)
}

async function invoice(person: Caller, status: string, days: number) {
  const [row] = await rows<{ id: number }>(sql`insert into wallet_invoices
      (user_id, plan, months, amount, provider, status, created_at)
    values (${person.id}, 'starter', 1, 4900000, 'payme', ${status}, ${ago(days)}::timestamptz) returning id`)
  return row!.id
}

/** Runs every area's retention job now, through the queue, as the nightly schedule would. */
async function runRetention() {
  for (const kind of RETENTION_JOBS) await t.app.jobs.send(kind, {})
  await jobsSettled(t.db)
}

describe('retention', () => {
  it('deletes what is past its period, keeps everything else, and counts each deletion', async () => {
    const person = await user(t, 'executor')
    await notification(person, 'read-old', 91, true)
    await notification(person, 'read-recent', 89, true)
    await notification(person, 'unread-old', 366, false)
    await notification(person, 'unread-200', 200, false)
    await device(person, 'failing-31', 31)
    await device(person, 'failing-29', 29)
    await device(person, 'working', null)
    // The registration's code and session, made just now, stay; the same made long ago go.
    await execute(sql`insert into sms_verifications (phone, purpose, code_hash, ip, created_at, expires_at)
      values ('998900000001', 'register', 'x', '127.0.0.1', ${ago(3)}::timestamptz, ${ago(3)}::timestamptz)`)
    await execute(sql`insert into refresh_token_families (user_id, created_at, expires_at)
      values (${person.id}, ${ago(90)}::timestamptz, ${ago(31)}::timestamptz)`)
    await execute(sql`insert into refresh_token_families (user_id, created_at, expires_at, revoked_at, revoked_reason)
      values (${person.id}, ${ago(60)}::timestamptz, ${ago(-20)}::timestamptz, ${ago(40)}::timestamptz, 'logout')`)
    await execute(sql`insert into refresh_token_families (user_id, created_at, expires_at)
      values (${person.id}, ${ago(40)}::timestamptz, ${ago(10)}::timestamptz)`)
    const abandoned = await invoice(person, 'pending', 31)
    const recent = await invoice(person, 'pending', 29)
    const canceled = await invoice(person, 'canceled', 200)
    const beingPaid = await invoice(person, 'pending', 40)
    await execute(sql`insert into payment_transactions (invoice_id, provider, provider_id, amount, state, create_time)
      values (${beingPaid}, 'payme', 'tx-1', 4900000, 1, 1795000000000)`)
    const before = {
      codes: await rows<{ n: number }>(sql`select count(*)::int as n from sms_verifications`),
      sessions: await rows<{ n: number }>(sql`select count(*)::int as n from refresh_token_families`),
    }

    await runRetention()

    const labels = await rows<{ label: string }>(
      sql`select params->>'label' as label from notifications order by label`,
    )
    expect(labels.map((row) => row.label)).toEqual(['read-recent', 'unread-200'])
    const endpoints = await rows<{ endpoint: string }>(
      sql`select endpoint from push_subscriptions order by endpoint`,
    )
    expect(endpoints.map((row) => row.endpoint)).toEqual(['failing-29', 'working'])
    const codes = await rows<{ n: number }>(sql`select count(*)::int as n from sms_verifications`)
    expect(codes[0]!.n).toBe(before.codes[0]!.n - 1)
    const sessions = await rows<{ n: number }>(sql`select count(*)::int as n from refresh_token_families`)
    expect(sessions[0]!.n).toBe(before.sessions[0]!.n - 2)
    const invoices = await rows<{ id: number }>(sql`select id from wallet_invoices order by id`)
    expect(invoices.map((row) => row.id)).toEqual([recent, canceled, beingPaid])
    expect(invoices.map((row) => row.id)).not.toContain(abandoned)

    const counted = await t.app.metrics.registry.getSingleMetricAsString('retention_deleted_total')
    for (const [what, count] of [
      ['read_notifications', 1],
      ['unread_notifications', 1],
      ['failing_push_subscriptions', 1],
      ['sms_codes', 1],
      ['ended_sessions', 2],
      ['unpaid_invoices', 1],
    ] as const)
      expect(counted).toContain(`retention_deleted_total{what="${what}"} ${count}`)
  })

  it('follows the configured periods', async () => {
    const person = await user(t, 'executor')
    await notification(person, 'read-10', 10, true)
    await notification(person, 'read-5', 5, true)
    // The same rows under a 7-day period for read notifications: an operator's setting is what counts. The file's
    // app stops taking jobs, so the one configured so is the one that runs it.
    await t.app.jobs.stop()
    const { buildApp } = await import('#server/app.ts')
    const { testConfig } = await import('#server/config.ts')
    const { TEST_SECRET } = await import('#tests/helpers/test-app.ts')
    const shorter = await buildApp({
      config: { ...testConfig({ RETENTION_READ_NOTIFICATIONS_DAYS: 7 }), JWT_SECRET: TEST_SECRET },
      database: t.db,
      clock: t.clock,
    })
    try {
      await shorter.ready()
      await shorter.jobs.send('retention.notifications', {})
      await jobsSettled(t.db)
      const labels = await rows<{ label: string }>(sql`select params->>'label' as label from notifications`)
      expect(labels.map((row) => row.label)).toEqual(['read-5'])
    } finally {
      await shorter.close()
    }
  })
})
