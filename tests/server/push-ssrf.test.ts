import type { LookupAddress } from 'node:dns'
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { ErrorBodySchema } from '#contract/errors.ts'
import { PushSubscriptionBodySchema, type PushPayload } from '#contract/schemas/notifications.ts'
import { isPublicAddress } from '#server/adapters/push/public-address.ts'
import { createWebPushSender } from '#server/adapters/push/web-push-sender.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig, testConfig } from '#server/config.ts'
import { pushSubscriptions } from '#server/db/schema/notifications.ts'
import { LOCALES } from '#server/i18n/locale.ts'
import { messages } from '#server/i18n/messages.ts'
import {
  browserSubscription,
  FAKE_PUBLIC_ADDRESS,
  fakeDns,
  FakeNetworkAgent,
  selfSignedCertificate,
  startFakePushService,
  type FakePushService,
} from '#tests/helpers/push.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const vapid = { subject: 'mailto:support@fika.uz', ...webpush.generateVAPIDKeys() }
const tls = selfSignedCertificate()
const dns = fakeDns()
let pushService: FakePushService
// Production's agent, every check included, whose approved connections land on the local fake push service.
const agent = new FakeNetworkAgent({
  resolve: dns.resolve,
  ca: tls.cert,
  servicePort: () => pushService.port,
})
const logLines: string[] = []

const t = useTestApp({
  config: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, LOG_LEVEL: 'debug' },
  deps: {
    pushSender: createWebPushSender({ vapid, agent }),
    logStream: { write: (line: string) => void logLines.push(line) },
  },
})

beforeAll(async () => {
  pushService = await startFakePushService(tls)
})
afterAll(async () => {
  agent.destroy()
  await pushService?.close()
})

const PATH = '/push/subscriptions'
const rows = () => t.db.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id)
const rowOf = async (endpoint: string) =>
  (await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]
const newOrder = (): PushPayload => ({
  title: 'Yangi buyurtma',
  body: '42',
  url: '/order/42',
  tag: 'order-42',
})

async function subscribe(caller: Caller, endpoint: string) {
  const response = await send(t, 'POST', PATH, caller, browserSubscription(endpoint).json)
  expect(response.statusCode, response.body).toBe(200)
}

/** A row as one subscribed before the allow-list existed would be: straight into the table. */
async function storedBeforeTheCheck(caller: Caller, endpoint: string) {
  const { keys } = browserSubscription(endpoint).json
  await t.db.db.insert(pushSubscriptions).values({
    userId: caller.id,
    provider: 'webpush',
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    locale: 'oz',
    createdAt: t.clock.now(),
  })
}

const refusals = () =>
  logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'push refused, message dropped')

/** Endpoints that aim our POSTs somewhere other than a push service. */
const NOT_PUSH_SERVICES = [
  'https://127.0.0.1/x',
  'https://localhost/x',
  'https://169.254.169.254/latest',
  'https://internal.example:8443/x',
  'https://user@fcm.googleapis.com/x',
  'https://fcm.googleapis.com:8443/x',
  'http://fcm.googleapis.com/x',
  'https://[::1]/x',
  'https://[::ffff:10.0.0.1]/x',
  // 2130706433 is 127.0.0.1 written as one number; URLs read it so.
  'https://2130706433/x',
  'https://fcm.googleapis.com@10.0.0.1/x',
  'https://fcm.googleapis.com.attacker.example/x',
  'https://evilpush.apple.com/x',
  'https://push.apple.com/x',
]

describe('subscribing with an endpoint that is no push service', () => {
  it('answers 400 in the error shape, naming the endpoint, and stores nothing', async () => {
    const me = await user(t)
    for (const endpoint of NOT_PUSH_SERVICES) {
      const response = await send(t, 'POST', PATH, me, browserSubscription(endpoint).json, 'en')
      expect(response.statusCode, endpoint).toBe(400)
      const body = v.parse(ErrorBodySchema, response.json())
      expect(['push_subscription_invalid', 'push_endpoint_invalid'], endpoint).toContain(body.error.code)
      expect(body.error.type).toBe('validation')
      expect(body.error.fields?.endpoint, endpoint).toEqual([body.error.message])
    }
    expect(await rows()).toEqual([])
  })

  it('is refused by the contract itself when it is not https on the default port, or carries a user', () => {
    const keys = browserSubscription('https://fcm.googleapis.com/x').json.keys
    const parses = (endpoint: string) => v.safeParse(PushSubscriptionBodySchema, { endpoint, keys })
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user@fcm.googleapis.com/x',
      'https://user:secret@fcm.googleapis.com/x',
      'wss://fcm.googleapis.com/x',
    ]) {
      const result = parses(endpoint)
      expect(result.success, endpoint).toBe(false)
      expect(result.issues?.map((issue) => [v.getDotPath(issue), issue.message])).toContainEqual([
        'endpoint',
        'push_subscription_invalid',
      ])
    }
    // Which hosts are push services is the server's configuration, not the contract's.
    expect(parses('https://localhost/x').success).toBe(true)
    expect(parses('https://fcm.googleapis.com:443/x').success).toBe(true)
  })

  it('says a host that is no push service is not supported, in the caller’s language', async () => {
    const me = await user(t)
    for (const locale of LOCALES) {
      const response = await send(
        t,
        'POST',
        PATH,
        me,
        browserSubscription('https://localhost/x').json,
        locale,
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toMatchObject({
        code: 'push_endpoint_invalid',
        message: messages.push_endpoint_invalid[locale],
        fields: { endpoint: [messages.push_endpoint_invalid[locale]] },
      })
    }
  })

  it('refuses a renewal onto an internal host and keeps the old subscription', async () => {
    const me = await user(t)
    const old = 'https://fcm.googleapis.com/fcm/send/renew-old'
    await subscribe(me, old)
    const response = await send(t, 'PUT', PATH, null, {
      old_endpoint: old,
      subscription: browserSubscription('https://metadata.google.internal/computeMetadata/v1/').json,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'push_endpoint_invalid',
      fields: { 'subscription.endpoint': [expect.any(String)] },
    })
    expect((await rows()).map((row) => row.endpoint)).toEqual([old])
  })

  it('accepts the endpoints of FCM, Mozilla, Apple and Windows', async () => {
    const me = await user(t)
    const endpoints = [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bHk',
      'https://fcm.googleapis.com:443/wp/dGVzdA',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGuQyavXutnMH0lVUO',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]
    for (const endpoint of endpoints) await subscribe(me, endpoint)
    expect(await rows()).toHaveLength(endpoints.length)
  })
})

describe('PUSH_SERVICE_HOSTS', () => {
  it('defaults to the browsers’ push services and reads a list of hosts and *.domains', () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ])
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.net , *.corp-push.example,' }).PUSH_SERVICE_HOSTS,
    ).toEqual(['push.example.net', '*.corp-push.example'])
  })

  it('refuses what is no host name: a URL, a port, a path, an IP address, a bare *', () => {
    for (const value of [
      'https://push.example.net',
      'push.example.net:443',
      'push.example.net/x',
      '10.0.0.1',
      '*',
      ',',
    ])
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: value }), value).toThrow(/PUSH_SERVICE_HOSTS/)
  })

  it('changes which endpoints are accepted', async () => {
    const me = await user(t)
    // The file's app stops taking jobs: this app's sender is the one under test.
    await t.app.jobs.stop()
    const app = await buildApp({
      config: {
        ...testConfig({
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          PUSH_SERVICE_HOSTS: loadConfig({ PUSH_SERVICE_HOSTS: 'push.example.net,*.corp-push.example' })
            .PUSH_SERVICE_HOSTS,
        }),
        JWT_SECRET: TEST_SECRET,
      },
      database: t.db,
      clock: t.clock,
      pushSender: createWebPushSender({ vapid, agent }),
    })
    try {
      const subscribeTo = (endpoint: string) =>
        app.inject({
          method: 'POST',
          url: `${V1}${PATH}`,
          headers: { authorization: `Bearer ${me.token}` },
          payload: browserSubscription(endpoint).json,
        })
      expect((await subscribeTo('https://push.example.net/a')).statusCode).toBe(200)
      expect((await subscribeTo('https://eu.corp-push.example/b')).statusCode).toBe(200)
      for (const refused of ['https://fcm.googleapis.com/fcm/send/c', 'https://corp-push.example/d']) {
        const response = await subscribeTo(refused)
        expect(response.statusCode, refused).toBe(400)
        expect(response.json().error.code).toBe('push_endpoint_invalid')
      }
      expect((await rows()).map((row) => row.endpoint)).toEqual([
        'https://push.example.net/a',
        'https://eu.corp-push.example/b',
      ])
    } finally {
      await app.close()
    }
  })
})

describe('sending to a push service host whose name leads into our network', () => {
  it('never POSTs to it, keeps the subscription (a 404 deletes nothing) and logs why without the path', async () => {
    const me = await user(t)
    dns.records.set('rebound.push.apple.com', ['10.0.0.7'])
    dns.records.set('mixed.push.apple.com', [FAKE_PUBLIC_ADDRESS, '169.254.169.254'])
    dns.records.set('mapped.push.apple.com', ['::ffff:127.0.0.1'])
    const inside = [
      pushService.deviceOn('rebound.push.apple.com', 'rebound', { status: 404 }),
      pushService.deviceOn('mixed.push.apple.com', 'mixed', { status: 404 }),
      pushService.deviceOn('mapped.push.apple.com', 'mapped', { status: 410 }),
    ]
    for (const endpoint of inside) await subscribe(me, endpoint)
    // The harness does reach the fake: a device on a public address gets its push.
    const outside = pushService.device('outside', { status: 201 })
    await subscribe(me, outside)
    logLines.length = 0

    await t.app.services.push.sendToUser(me.id, newOrder)

    await jobsSettled(t.db)

    expect(pushService.requestsTo('outside')).toHaveLength(1)
    for (const name of ['rebound', 'mixed', 'mapped']) expect(pushService.requestsTo(name), name).toEqual([])
    for (const endpoint of inside)
      expect(await rowOf(endpoint), endpoint).toMatchObject({ lastSuccessAt: null })
    expect(agent.dialled).not.toContain('10.0.0.7')
    expect(
      refusals()
        .map((entry) => [entry.service, entry.reason])
        .sort(),
    ).toEqual([
      ['mapped.push.apple.com', 'address_not_public'],
      ['mixed.push.apple.com', 'address_not_public'],
      ['rebound.push.apple.com', 'address_not_public'],
    ])
    expect(refusals().every((entry) => entry.level === 40)).toBe(true)
    const log = logLines.join('\n')
    for (const name of ['rebound', 'mixed', 'mapped']) expect(log).not.toContain(`/push/${name}`)
  })

  it('never connects to an endpoint stored before the allow-list, and keeps its row', async () => {
    const me = await user(t)
    const stored = [
      pushService.deviceOn('127.0.0.1', 'loopback', { status: 404 }),
      pushService.deviceOn('localhost', 'localhost', { status: 404 }),
      pushService.deviceOn('internal.example:8443', 'internal', { status: 404 }),
      pushService.deviceOn('[::1]', 'ipv6-loopback', { status: 404 }),
    ]
    for (const endpoint of stored) await storedBeforeTheCheck(me, endpoint)
    logLines.length = 0

    await t.app.services.push.sendToUser(me.id, newOrder)

    await jobsSettled(t.db)

    for (const name of ['loopback', 'localhost', 'internal', 'ipv6-loopback'])
      expect(pushService.requestsTo(name), name).toEqual([])
    expect(await rows()).toHaveLength(stored.length)
    expect(refusals().map((entry) => entry.reason)).toEqual(Array(stored.length).fill('host_not_allowed'))
  })

  it('connects to the address it checked, resolving once: a second answer (DNS rebinding) is never used', async () => {
    const me = await user(t)
    const asked: string[] = []
    const rebinding = async (hostname: string): Promise<LookupAddress[]> => {
      asked.push(hostname)
      const address = asked.length === 1 ? FAKE_PUBLIC_ADDRESS : '127.0.0.1'
      return [{ address, family: 4 }]
    }
    const pinned = new FakeNetworkAgent({
      resolve: rebinding,
      ca: tls.cert,
      servicePort: () => pushService.port,
    })
    // The file's app stops taking jobs: this app's sender is the one under test.
    await t.app.jobs.stop()
    const app = await buildApp({
      config: {
        ...testConfig({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }),
        JWT_SECRET: TEST_SECRET,
      },
      database: t.db,
      clock: t.clock,
      pushSender: createWebPushSender({ vapid, agent: pinned }),
    })
    await app.ready()
    try {
      const endpoint = pushService.deviceOn('flip.push.services.mozilla.com', 'flip', { status: 201 })
      await subscribe(me, endpoint)

      await app.services.push.sendToUser(me.id, newOrder)

      await jobsSettled(t.db)

      expect(asked).toEqual(['flip.push.services.mozilla.com'])
      expect(pinned.dialled).toEqual([FAKE_PUBLIC_ADDRESS])
      expect(pushService.requestsTo('flip')).toHaveLength(1)
    } finally {
      await app.close()
      pinned.destroy()
    }
  })
})

describe('a public address', () => {
  it('is none of loopback, private, link-local, unique-local, unspecified, CGNAT nor their IPv4-mapped forms', () => {
    const inside = [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:100.64.0.1',
      '64:ff9b::10.0.0.1',
      'not an address',
    ]
    for (const address of inside) expect(isPublicAddress(address), address).toBe(false)
    const outside = [
      '142.250.185.74',
      '172.32.0.1',
      '100.128.0.1',
      '2a00:1450:4001:82b::200a',
      '::ffff:8.8.8.8',
    ]
    for (const address of [...outside, '64:ff9b::8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true)
  })
})
