import { createPublicKey, verify } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PushPayload } from '#contract/schemas/notifications.ts'
import { topicOf } from '#server/adapters/push/push-sender.ts'
import { resolveVapidKeys } from '#server/adapters/push/vapid-keys.ts'
import { createWebPushSender, webPushRequestOptions } from '#server/adapters/push/web-push-sender.ts'
import { testConfig } from '#server/config.ts'
import { pushSubscriptions } from '#server/db/schema/notifications.ts'
import type { Locale } from '#server/i18n/locale.ts'
import {
  browserSubscription,
  fakeDns,
  FakeNetworkAgent,
  selfSignedCertificate,
  startFakePushService,
  type FakePushService,
} from '#tests/helpers/push.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { runJobsCommand } from '../../scripts/jobs.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const SUBJECT = 'mailto:support@fika.uz'
const vapid = { subject: SUBJECT, ...webpush.generateVAPIDKeys() }
const tls = selfSignedCertificate()
let pushService: FakePushService
// Devices are on fcm.googleapis.com; this agent checks them as in production and takes them to the fake.
const agent = new FakeNetworkAgent({
  resolve: fakeDns().resolve,
  ca: tls.cert,
  servicePort: () => pushService.port,
})
const logLines: string[] = []

const t = useTestApp({
  config: {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    LOG_LEVEL: 'debug',
    // Two more tries, at once unless the push service asks for a wait.
    PUSH_RETRY_DELAYS_S: [0, 0],
  },
  deps: {
    pushSender: createWebPushSender({ vapid, agent }),
    logStream: { write: (line: string) => void logLines.push(line) },
  },
})

beforeAll(async () => {
  pushService = await startFakePushService(tls)
})
afterAll(async () => {
  await pushService?.close()
})

const TEXT: Record<Locale, { title: string; body: string }> = {
  ru: { title: 'Новый заказ', body: 'Заказ №42: починить кран' },
  oz: { title: 'Yangi buyurtma', body: '42-buyurtma: jo‘mrakni tuzatish' },
  uz: { title: 'Янги буюртма', body: '42-буюртма: жўмракни тузатиш' },
  en: { title: 'New order', body: 'Order 42: fix a tap' },
}
const newOrder = (locale: Locale): PushPayload => ({ ...TEXT[locale], url: '/order/42', tag: 'order-42' })

async function subscribe(caller: Caller, endpoint: string, lang: Locale = 'ru') {
  const device = browserSubscription(endpoint)
  const response = await send(t, 'POST', '/push/subscriptions', caller, device.json, lang)
  expect(response.statusCode, response.body).toBe(200)
  return device
}

const rowOf = async (endpoint: string) =>
  (await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]

describe('a Web Push request', () => {
  it('carries TTL, urgency, topic, an aes128gcm body and a VAPID token for the push service, signed by us', () => {
    const device = browserSubscription('https://fcm.googleapis.com/fcm/send/device-1')
    const details = webpush.generateRequestDetails(
      device.json,
      JSON.stringify(newOrder('ru')),
      webPushRequestOptions(vapid, { ttlS: 3600, urgency: 'high', topic: topicOf('order-42') }),
    )
    expect(details.endpoint).toBe(device.json.endpoint)
    expect(details.headers).toMatchObject({
      TTL: 3600,
      Urgency: 'high',
      Topic: 'order-42',
      'Content-Encoding': 'aes128gcm',
    })
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(details.headers.Authorization)) ?? []
    expect(key).toBe(vapid.publicKey)
    const [header, claims, signature] = token!.split('.')
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'ES256' })
    const { aud, sub, exp } = JSON.parse(Buffer.from(claims!, 'base64url').toString())
    expect({ aud, sub }).toEqual({ aud: 'https://fcm.googleapis.com', sub: SUBJECT })
    const nowS = Date.now() / 1000
    expect(exp).toBeGreaterThan(nowS)
    expect(exp).toBeLessThanOrEqual(nowS + 24 * 3600)
    const point = Buffer.from(vapid.publicKey, 'base64url')
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    })
    const signed = Buffer.from(`${header}.${claims}`)
    const raw = Buffer.from(signature!, 'base64url')
    expect(verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true)
    // Only the device can read the body, and it reads our payload.
    expect(JSON.parse(device.decrypt(details.body as Buffer))).toEqual(newOrder('ru'))
  })

  it('turns any tag into a topic of at most 32 URL-safe characters, the same one for the same tag', () => {
    expect(topicOf('order-42')).toBe('order-42')
    const long = topicOf('chat:conversation/123456789/message with spaces')
    expect(long).toMatch(/^[A-Za-z0-9_-]{1,32}$/)
    expect(topicOf('chat:conversation/123456789/message with spaces')).toBe(long)
    expect(topicOf('chat:conversation/123456789/message with space')).not.toBe(long)
  })
})

describe('Web Push through a push service (a local HTTPS fake)', () => {
  it('delivers to every device of the user in its own language and records the success', async () => {
    const specialist = await user(t)
    const phone = await subscribe(specialist, pushService.device('ok-phone', { status: 201 }), 'ru')
    const laptop = await subscribe(specialist, pushService.device('ok-laptop', { status: 201 }), 'en')
    t.clock.advance(60)

    await t.app.services.push.sendToUser(specialist.id, newOrder)

    await jobsSettled(t.db)

    const [toPhone] = pushService.requestsTo('ok-phone')
    const [toLaptop] = pushService.requestsTo('ok-laptop')
    expect(toPhone!.headers).toMatchObject({
      ttl: '3600',
      urgency: 'high',
      topic: 'order-42',
      'content-encoding': 'aes128gcm',
    })
    expect(toPhone!.headers.authorization).toMatch(/^vapid t=.+, k=/)
    expect(JSON.parse(phone.decrypt(toPhone!.body))).toEqual(newOrder('ru'))
    expect(JSON.parse(laptop.decrypt(toLaptop!.body))).toEqual(newOrder('en'))
    expect((await rowOf(phone.json.endpoint))?.lastSuccessAt).toEqual(t.clock.now())
    expect((await rowOf(laptop.json.endpoint))?.lastSuccessAt).toEqual(t.clock.now())
  })

  it('deletes a subscription the push service answers 410 or 404 for, and keeps the others', async () => {
    const specialist = await user(t)
    const expired = pushService.device('gone-410', { status: 410 })
    const unknown = pushService.device('gone-404', { status: 404 })
    const alive = pushService.device('alive', { status: 201 })
    for (const endpoint of [expired, unknown, alive]) await subscribe(specialist, endpoint)

    await t.app.services.push.sendToUser(specialist.id, newOrder)

    await jobsSettled(t.db)

    expect(await rowOf(expired)).toBeUndefined()
    expect(await rowOf(unknown)).toBeUndefined()
    expect(await rowOf(alive)).toBeDefined()
    // The next notification no longer tries them.
    await t.app.services.push.sendToUser(specialist.id, newOrder)
    await jobsSettled(t.db)
    expect(pushService.requestsTo('gone-410')).toHaveLength(1)
    expect(pushService.requestsTo('alive')).toHaveLength(2)
  })

  it('keeps the subscription when the message is too large (413), drops the message and logs why', async () => {
    const specialist = await user(t)
    const endpoint = pushService.device('too-large', { status: 413 })
    await subscribe(specialist, endpoint)
    logLines.length = 0

    await t.app.services.push.sendToUser(specialist.id, newOrder)

    await jobsSettled(t.db)

    const row = await rowOf(endpoint)
    expect(row?.lastSuccessAt).toBeNull()
    const refusal = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.msg === 'push refused, message dropped')
    expect(refusal).toMatchObject({ reason: '413', subscription: row!.id, service: new URL(endpoint).host })
    // Logs say which push service refused, never the device's secret URL nor what the notification said.
    const log = logLines.join('\n')
    expect(log).not.toContain('/push/too-large')
    expect(log).not.toContain(TEXT.ru.body)
    expect(pushService.requestsTo('too-large')).toHaveLength(1)
  })

  it('keeps the subscription on 429 and 500 and tries again, after Retry-After when given', async () => {
    const specialist = await user(t)
    const busy = pushService.device('busy', { status: 429, headers: { 'retry-after': '1' } }, { status: 201 })
    const failing = pushService.device('failing', { status: 500 }, { status: 201 })
    await subscribe(specialist, busy)
    await subscribe(specialist, failing)
    const started = Date.now()

    await t.app.services.push.sendToUser(specialist.id, newOrder)

    await expect
      .poll(async () => (await rowOf(failing))?.lastSuccessAt, { timeout: 5000 })
      .toEqual(t.clock.now())
    await expect
      .poll(async () => (await rowOf(busy))?.lastSuccessAt, { timeout: 5000 })
      .toEqual(t.clock.now())
    expect(pushService.requestsTo('busy')).toHaveLength(2)
    expect(pushService.requestsTo('failing')).toHaveLength(2)
    // The busy service asked for a second's pause: its second try came no sooner.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect((await rowOf(busy))?.failingSince).toBeNull()
  })

  it('delivers a push that failed twice on its third try, each try a job of its own', async () => {
    const specialist = await user(t)
    const flaky = pushService.device('flaky', { status: 500 }, { status: 503 }, { status: 201 })
    await subscribe(specialist, flaky)

    await t.app.services.push.sendToUser(specialist.id, newOrder)

    await expect
      .poll(async () => (await rowOf(flaky))?.lastSuccessAt, { timeout: 5000 })
      .toEqual(t.clock.now())
    expect(pushService.requestsTo('flaky')).toHaveLength(3)
    expect((await rowOf(flaky))?.failingSince).toBeNull()
    await jobsSettled(t.db)
    const [counts] = (await t.app.jobs.counts()).filter((row) => row.kind === 'push.send')
    expect(counts).toMatchObject({ queued: 0, active: 0, dead: 0 })
  })

  it('gives up after the last retry, keeps the subscription and marks it failing', async () => {
    const specialist = await user(t)
    const down = pushService.device('down', { status: 503 })
    await subscribe(specialist, down)

    await t.app.services.push.sendToUser(specialist.id, newOrder)

    await expect.poll(() => pushService.requestsTo('down').length, { timeout: 5000 }).toBe(3)
    await jobsSettled(t.db)
    expect(pushService.requestsTo('down')).toHaveLength(3)
    expect(await rowOf(down)).toMatchObject({ failingSince: t.clock.now() })
    const [counts] = (await t.app.jobs.counts()).filter((row) => row.kind === 'push.send')
    expect(counts).toMatchObject({ queued: 0, active: 0, dead: 1 })
    // Operators see it: the kind's dead count, and the dead job with its tries and the service's answer.
    expect(await runJobsCommand(t.db.db, [])).toMatch(/push\.send\s+0\s+0\s+\d+\s+0\s+1/)
    expect(await runJobsCommand(t.db.db, ['dead', 'push.send'])).toMatch(/tries 3 {2}503/)
  })
})

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, readable by the owner only, and the same on every later start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fika-vapid-'))
    try {
      const config = testConfig({ DATA_DIR: dataDir })
      const [first, second] = await Promise.all([resolveVapidKeys(config), resolveVapidKeys(config)])
      expect(second.publicKey).toBe(first.publicKey)
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
      expect((await stat(join(dataDir, 'vapid-keys.json'))).mode & 0o777).toBe(0o600)
      const later = await resolveVapidKeys(config)
      expect(later).toMatchObject({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
        source: 'data_dir',
      })
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', async () => {
    const config = testConfig({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey })
    expect(await resolveVapidKeys(config)).toEqual({
      publicKey: vapid.publicKey,
      privateKey: vapid.privateKey,
      source: 'environment',
    })
  })
})
