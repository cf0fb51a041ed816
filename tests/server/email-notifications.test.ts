import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { EMAIL_UNSUBSCRIBE_PATH } from '#contract/email-endpoints.ts'
import { NOTIFICATION_KINDS, type NotificationSettings } from '#contract/schemas/notifications.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import type { OrderRow } from '#server/db/rows/orders.ts'
import { orders } from '#server/db/schema/orders.ts'
import type { DomainEvent } from '#server/lib/domain-events.ts'
import { notificationText } from '#server/modules/notifications/texts.ts'
import { verifiedAddress as verifiedAddressOf } from '#tests/helpers/email.ts'
import { startFakeSmtp } from '#tests/helpers/fake-smtp.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { fakeRealtime, publish, specialist } from '#tests/helpers/notifications.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const smtp = await startFakeSmtp()
afterAll(() => smtp.close())
const t = useTestApp({
  catalogue: true,
  config: { SMTP_URL: smtp.url, MAIL_FROM: 'Fika <no-reply@fika.test>' },
  deps: { realtimeHub: fakeRealtime().hub },
})
beforeEach(() => smtp.reset())

const verifiedAddress = (caller: Caller) => verifiedAddressOf(t, smtp, caller)

/** The mails taken for an address once the events were handled and the send jobs ran. */
async function mailsTo(address: string) {
  await t.app.services.events.settled()
  await jobsSettled(t.db)
  return smtp.to(address)
}

const orderRow = async (id: number) =>
  (await t.db.db.select().from(orders).where(eq(orders.id, id)))[0] as OrderRow

/** The event that tells `to` of a notification of each kind about `order`, as the modules raise them. */
function eventFor(kind: (typeof NOTIFICATION_KINDS)[number], order: OrderRow, to: number, actor: number) {
  const changed = (action: 'choose' | 'accept' | 'decline' | 'cancel' | 'complete'): DomainEvent => ({
    type: 'order.changed',
    action,
    order: {
      ...order,
      customerId: action === 'choose' || action === 'complete' ? actor : to,
      executorId: to,
    },
    executorId: to,
    actorId: actor,
  })
  const stepped = (step: 'on_my_way' | 'arrived' | 'done'): DomainEvent => ({
    type: 'order.progress',
    order: { ...order, customerId: to, executorId: actor, status: 'in_progress' },
    executorId: actor,
    step,
    tappedAt: new Date('2026-11-21T09:00:00.000Z'),
    etaMinutes: null,
    progress: [],
  })
  const reminded = (when: 'evening_before' | 'hour_before'): DomainEvent => ({
    type: 'job.reminder',
    order: { ...order, customerId: actor, executorId: to, status: 'in_progress' },
    executorId: to,
    when,
  })
  const events: Record<typeof kind, DomainEvent> = {
    // An open order reaches the specialists of its category: `to` is one.
    new_order: { type: 'order.published', order },
    order_reply: { type: 'order.replied', order: { ...order, customerId: to }, executorId: actor },
    executor_chosen: changed('choose'),
    order_accepted: changed('accept'),
    order_declined: changed('decline'),
    order_canceled: changed('cancel'),
    order_completed: changed('complete'),
    review_received: {
      type: 'order.reviewed',
      order: { ...order, customerId: actor },
      executorId: to,
      rating: 5,
    },
    chat_message: { type: 'chat.unread', chatId: 7, recipientId: to, senderId: actor },
    verification_approved: { type: 'verification.decided', userId: to, moderatorId: actor, approved: true },
    verification_denied: { type: 'verification.decided', userId: to, moderatorId: actor, approved: false },
    moderator_warning: { type: 'user.warned', userId: to, moderatorId: actor, reason: 'spam', text: '' },
    service_approved: serviceDecided('approved', to, actor),
    service_rejected: serviceDecided('rejected', to, actor),
    order_on_my_way: stepped('on_my_way'),
    order_arrived: stepped('arrived'),
    order_done: stepped('done'),
    job_reminder_evening: reminded('evening_before'),
    job_reminder_hour: reminded('hour_before'),
  }
  return events[kind]
}

/** A moderator's decision on a service `to` proposed. */
const serviceDecided = (outcome: 'approved' | 'rejected', to: number, actor: number): DomainEvent => ({
  type: 'service.decided',
  outcome,
  proposerId: to,
  moderatorId: actor,
  name: { ru: 'Ремонт часов', en: 'Watch repair', oz: 'Soat ta’miri', uz: 'Соат таъмири' },
  link: '/remont/watch-repair',
  reason: outcome === 'rejected' ? 'Такая услуга уже есть' : null,
})

describe('notifications by e-mail', () => {
  it('mail a notification of each kind to a verified address, in the reader’s language, with a link to the app', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const address = await verifiedAddress(executor)
    await t.app.services.notifications.rememberLocale(executor.id, 'en')
    const order = await orderRow((await publish(t, customer, { name: 'Paint <b>walls</b> & doors' })).id)
    await mailsTo(address)
    smtp.reset()
    for (const kind of NOTIFICATION_KINDS)
      t.app.services.events.publish(eventFor(kind, order, executor.id, customer.id))
    const mails = await mailsTo(address)
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      NOTIFICATION_KINDS.map((kind) => notificationText(kind, {}, 'en').title).sort(),
    )
    const reply = mails.find((mail) => mail.subject === 'Interest in your order')!
    expect(reply.text).toContain('“Paint <b>walls</b> & doors”')
    expect(reply.text).toContain(`Open in Fika: http://localhost:8080/order/${order.id}`)
    // What the customer wrote is text in the HTML, never markup.
    expect(reply.html).toContain('Paint &#60;b&#62;walls&#60;/b&#62; &#38; doors')
    expect(reply.html).not.toContain('<b>walls')
  })

  it('mail a new order in Russian by default, and mail nothing for a kind switched off or with the e-mail switch off', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const address = await verifiedAddress(executor)
    await publish(t, customer, { name: 'Покрасить стены' })
    const [mail] = await mailsTo(address)
    expect(mail).toMatchObject({ subject: 'Новый заказ', text: expect.stringContaining('«Покрасить стены»') })

    smtp.reset()
    const off = await send(t, 'PUT', '/profile/notification/settings', executor, {
      kinds: { new_order: { email: false } },
    })
    expect(off.statusCode, off.body).toBe(200)
    await publish(t, customer, { name: 'Собрать шкаф' })
    expect(await mailsTo(address)).toEqual([])

    await send(t, 'PUT', '/profile/notification/settings', executor, {
      kinds: { new_order: { email: true } },
    })
    await send(t, 'PUT', `/profile/${executor.id}`, executor, { email_notifications: false })
    await publish(t, customer, { name: 'Повесить полку' })
    expect(await mailsTo(address)).toEqual([])
  })

  it('mail nothing to an address whose link was never followed', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t, { email: 'unverified@example.uz', email_notifications: true })
    await jobsSettled(t.db)
    smtp.reset()
    await publish(t, customer)
    expect(await mailsTo('unverified@example.uz')).toEqual([])
    expect((await send(t, 'GET', '/profile', executor)).json<Profile>().email_status).toBe('unverified')
  })
})

describe('one-click unsubscribe (RFC 8058)', () => {
  it('carries List-Unsubscribe headers whose POST turns that kind’s e-mail off without a login, while a GET only asks', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const address = await verifiedAddress(executor)
    await publish(t, customer, { name: 'Покрасить стены' })
    const [mail] = await mailsTo(address)
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    const header = mail!.headers['list-unsubscribe']!
    expect(header).toMatch(/^<https?:\/\/[^>]+>$/)
    const url = new URL(header.slice(1, -1))
    expect(url.origin + url.pathname).toBe(`http://localhost:8080${EMAIL_UNSUBSCRIBE_PATH}`)
    const path = url.pathname + url.search

    // A mail scanner following the link unsubscribes nobody: the page asks, in the mail's language.
    const asked = await t.inject({ method: 'GET', url: path })
    expect(asked.statusCode).toBe(200)
    expect(asked.headers['content-type']).toContain('text/html')
    expect(asked.body).toContain('Больше не присылать письма «Новый заказ»?')
    const settings = async () =>
      (await send(t, 'GET', '/profile/notification/settings', executor)).json<NotificationSettings>()
    expect((await settings()).kinds.new_order.email).toBe(true)

    const posted = await t.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(posted.statusCode).toBe(200)
    expect(posted.body).toContain('писем «Новый заказ» больше не будет')
    const after = await settings()
    expect(after.kinds.new_order).toEqual({ push: true, telegram: true, email: false })
    expect(after.kinds.order_reply.email).toBe(true)
    smtp.reset()
    await publish(t, customer, { name: 'Собрать шкаф' })
    expect(await mailsTo(address)).toEqual([])
  })

  it('takes the one-click POST as multipart/form-data too, as RFC 8058 allows, keeping the other switches', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const address = await verifiedAddress(executor)
    await send(t, 'PUT', '/profile/notification/settings', executor, {
      kinds: { new_order: { push: false }, order_reply: { telegram: false } },
    })
    await publish(t, customer)
    const [mail] = await mailsTo(address)
    const url = new URL(mail!.headers['list-unsubscribe']!.slice(1, -1))
    const boundary = 'fika-test-boundary'
    const posted = await t.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    })
    expect(posted.statusCode, posted.body).toBe(200)
    const { kinds } = (
      await send(t, 'GET', '/profile/notification/settings', executor)
    ).json<NotificationSettings>()
    expect(kinds.new_order).toEqual({ push: false, telegram: true, email: false })
    expect(kinds.order_reply).toEqual({ push: true, telegram: false, email: true })
  })

  it('refuses a link whose signature does not hold', async () => {
    const executor = await specialist(t)
    const forged = `${EMAIL_UNSUBSCRIBE_PATH}?t=${executor.id}.new_order.${'A'.repeat(43)}`
    const posted = await t.inject({ method: 'POST', url: forged, payload: {} })
    expect(posted.statusCode).toBe(400)
    const settings = await send(t, 'GET', '/profile/notification/settings', executor)
    expect(settings.json<NotificationSettings>().kinds.new_order.email).toBe(true)
  })
})

describe('bounces', () => {
  it('switch the address off when its server refuses it with 550, and the settings show it', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const address = await verifiedAddress(executor)
    smtp.reject(address)
    await publish(t, customer, { name: 'Покрасить стены' })
    expect(await mailsTo(address)).toEqual([])
    const profile = (await send(t, 'GET', '/profile', executor)).json<Profile>()
    expect(profile).toMatchObject({ email_status: 'bounced', email_notifications: false })

    // Nothing more is even tried until the person changes the address.
    await publish(t, customer, { name: 'Собрать шкаф' })
    await mailsTo(address)
    // The verification mail's job and the bounced one: none for the second order.
    const tried = (await t.db.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'email.send'`,
    )) as unknown as { rows: { n: number }[] }
    expect(tried.rows[0]!.n).toBe(2)
  })

  it('keep the address when its server only asks to try later (4xx)', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const address = await verifiedAddress(executor)
    smtp.tempFail(address)
    await publish(t, customer)
    await t.app.services.events.settled()
    await jobsSettled(t.db)
    expect((await send(t, 'GET', '/profile', executor)).json<Profile>().email_status).toBe('verified')
  })
})
