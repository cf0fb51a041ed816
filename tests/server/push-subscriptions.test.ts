import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import { describe, expect, it } from 'vitest'
import type { PushPayload } from '#contract/schemas/notifications.ts'
import { createFcmSender, resultOfFcmError, type FcmMessaging } from '#server/adapters/push/fcm-sender.ts'
import {
  routeByProvider,
  type PushOptions,
  type PushSender,
  type PushTarget,
} from '#server/adapters/push/push-sender.ts'
import { buildApp } from '#server/app.ts'
import { fcmSettings, loadConfig, testConfig, type Config } from '#server/config.ts'
import { pushSubscriptions } from '#server/db/schema/notifications.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { browserSubscription } from '#tests/helpers/push.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

type Sent = { target: PushTarget; payload: PushPayload; options: PushOptions }

/** A push service that takes everything (or fails, when told to), so tests see what would have been pushed. */
function recordingSender() {
  const state = { sent: [] as Sent[], failWith: undefined as Error | undefined }
  const sender: PushSender = {
    async send(target, payload, options) {
      if (state.failWith) throw state.failWith
      state.sent.push({ target, payload, options })
      return { outcome: 'sent' }
    },
  }
  return Object.assign(state, { sender })
}

const vapid = webpush.generateVAPIDKeys()
const recorder = recordingSender()
const t = useTestApp({
  config: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
  deps: { pushSender: recorder.sender },
})

const PATH = '/push/subscriptions'
const pushEndpoint = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`
const fcmToken = () =>
  `${randomBytes(16).toString('base64url')}:APA91b${randomBytes(96).toString('base64url')}`

const rows = () => t.db.db.select().from(pushSubscriptions).orderBy(pushSubscriptions.id)
const rowOf = async (endpoint: string) =>
  (await t.db.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0]

async function subscribed(caller: Caller, endpoint = pushEndpoint(), lang: Locale = 'ru') {
  const device = browserSubscription(endpoint)
  const response = await send(t, 'POST', PATH, caller, device.json, lang)
  expect(response.statusCode, response.body).toBe(200)
  return device.json
}

const TITLES: Record<Locale, string> = {
  ru: 'Вас выбрали',
  oz: 'Sizni tanlashdi',
  uz: 'Сизни танлашди',
  en: 'You were chosen',
}
const chosen = (locale: Locale): PushPayload => ({
  title: TITLES[locale],
  body: '№ 42',
  url: '/order/42',
  tag: 'order-42',
  id: 7,
})
const pushedTo = (endpoint: string) => recorder.sent.filter((sent) => sent.target.endpoint === endpoint)
const clearPushes = () => {
  recorder.sent.length = 0
  recorder.failWith = undefined
}

/** The FCM settings a Firebase project gives; the private key is a real PEM, so nothing in config rejects it. */
const FCM_ENV = {
  FCM_PROJECT_ID: 'fika-marketplace',
  FCM_CLIENT_EMAIL: 'firebase-adminsdk@fika-marketplace.iam.gserviceaccount.com',
  FCM_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  FCM_API_KEY: 'AIzaSyFikaPublicWebKey0123456789abcde',
  FCM_MESSAGING_SENDER_ID: '123456789012',
  FCM_APP_ID: '1:123456789012:web:0123456789abcdef',
}

/** A second app on the same database, configured for FCM, with the given senders. */
/** An app with FCM on the file's database; the file's own app stops taking jobs, so this one's sender gets them. */
async function fcmApp(sender: PushSender, config: Partial<Config> = {}) {
  await t.app.jobs.stop()
  const app = await buildApp({
    config: {
      ...testConfig({
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        ...FCM_ENV,
        ...config,
      }),
      JWT_SECRET: TEST_SECRET,
    },
    database: t.db,
    clock: t.clock,
    pushSender: sender,
  })
  // Ready starts its job queue, as listening does in production.
  await app.ready()
  return app
}

/** firebase-admin's Messaging as FCM answers: message ids, or the errors the token's state gives. */
function fakeMessaging() {
  const state = { messages: [] as Parameters<FcmMessaging['send']>[0][], failWith: undefined as unknown }
  const messaging: FcmMessaging = {
    async send(message) {
      state.messages.push(message)
      if (state.failWith) throw state.failWith
      return `projects/fika-marketplace/messages/${state.messages.length}`
    },
  }
  return Object.assign(state, { messaging })
}
const firebaseError = (code: string, message = 'from FCM') => Object.assign(new Error(message), { code })

describe('GET /push/config', () => {
  it('gives a guest the VAPID public key to subscribe with', async () => {
    const response = await send(t, 'GET', '/push/config', null)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ provider: 'webpush', public_key: vapid.publicKey })
  })

  it('names Firebase and its public web config when FCM is configured', async () => {
    const app = await fcmApp(recorder.sender)
    try {
      const response = await app.inject({ method: 'GET', url: '/api/fika/freelancer/v1.0.1/push/config' })
      expect(response.json()).toEqual({
        provider: 'fcm',
        public_key: vapid.publicKey,
        firebase: {
          apiKey: FCM_ENV.FCM_API_KEY,
          projectId: FCM_ENV.FCM_PROJECT_ID,
          messagingSenderId: FCM_ENV.FCM_MESSAGING_SENDER_ID,
          appId: FCM_ENV.FCM_APP_ID,
        },
      })
      // The service account stays on the server.
      expect(response.body).not.toContain('PRIVATE KEY')
      expect(response.body).not.toContain(FCM_ENV.FCM_CLIENT_EMAIL)
    } finally {
      await app.close()
    }
  })
})

describe('POST /push/subscriptions', () => {
  it('answers 401 to a guest', async () => {
    const response = await send(t, 'POST', PATH, null, browserSubscription(pushEndpoint()).json)
    expect(response.statusCode).toBe(401)
    expect(await rows()).toEqual([])
  })

  it('answers 400 push_subscription_invalid, naming the field, to what is no browser subscription', async () => {
    const me = await user(t)
    const good = browserSubscription(pushEndpoint()).json
    const shortKey = Buffer.alloc(33, 4).toString('base64url')
    const cases: [unknown, string][] = [
      [{}, '_'],
      [{ ...good, endpoint: 'http://push.example.com/abc' }, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ endpoint: good.endpoint }, '_'],
      [{ ...good, keys: { ...good.keys, p256dh: 'not base64 at all!' } }, 'keys.p256dh'],
      // URL-safe base64 of the wrong size: no P-256 public key, nothing could be encrypted for it.
      [{ ...good, keys: { ...good.keys, p256dh: shortKey } }, 'keys.p256dh'],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(24, 1).toString('base64url') } }, 'keys.auth'],
      [{ fcm_token: 'short' }, '_'],
    ]
    for (const [body, field] of cases) {
      const response = await send(t, 'POST', PATH, me, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      const error = response.json().error
      expect(error.code, JSON.stringify(body)).toBe('push_subscription_invalid')
      if (field !== '_') expect(Object.keys(error.fields), JSON.stringify(body)).toContain(field)
    }
    expect(await rows()).toEqual([])
  })

  it('refuses an FCM token when the server does not use FCM', async () => {
    const me = await user(t)
    const response = await send(t, 'POST', PATH, me, { fcm_token: fcmToken() })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'push_subscription_invalid',
      fields: { fcm_token: [expect.any(String)] },
    })
  })

  it('keeps one row for a device that subscribes again, with its newest keys and language', async () => {
    const me = await user(t)
    const endpoint = pushEndpoint()
    await subscribed(me, endpoint, 'ru')
    const again = await subscribed(me, endpoint, 'en')

    const all = await rows()
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({
      userId: me.id,
      provider: 'webpush',
      endpoint,
      p256dh: again.keys.p256dh,
      auth: again.keys.auth,
      locale: 'en',
    })
  })

  it('gives a device to whoever subscribes on it now', async () => {
    const before = await user(t)
    const now = await user(t)
    const endpoint = pushEndpoint()
    await subscribed(before, endpoint)
    await subscribed(now, endpoint)

    expect(await rows()).toMatchObject([{ userId: now.id, endpoint }])
    clearPushes()
    await t.app.services.push.sendToUser(before.id, chosen)
    await jobsSettled(t.db)
    expect(recorder.sent).toEqual([])
    await t.app.services.push.sendToUser(now.id, chosen)
    await jobsSettled(t.db)
    expect(pushedTo(endpoint)).toHaveLength(1)
  })

  it('keeps the ten devices a person subscribed last', async () => {
    const me = await user(t)
    const endpoints: string[] = []
    for (let device = 0; device < 11; device++) {
      endpoints.push((await subscribed(me)).endpoint)
      t.clock.advance(60)
    }
    const kept = (await rows()).map((row) => row.endpoint)
    expect(kept).toHaveLength(10)
    expect(kept).not.toContain(endpoints[0])
    expect(kept).toContain(endpoints[10])
  })
})

describe('DELETE /push/subscriptions', () => {
  it('forgets the caller’s own device and leaves someone else’s alone', async () => {
    const owner = await user(t)
    const other = await user(t)
    const mine = await subscribed(owner)

    const byOther = await send(t, 'DELETE', PATH, other, { endpoint: mine.endpoint })
    expect(byOther.statusCode).toBe(200)
    expect(await rowOf(mine.endpoint)).toMatchObject({ userId: owner.id })

    const byOwner = await send(t, 'DELETE', PATH, owner, { endpoint: mine.endpoint })
    expect(byOwner.statusCode).toBe(200)
    expect(byOwner.json()).toEqual({ ok: true })
    expect(await rowOf(mine.endpoint)).toBeUndefined()
  })

  it('answers 401 to a guest', async () => {
    const owner = await user(t)
    const mine = await subscribed(owner)
    const response = await send(t, 'DELETE', PATH, null, { endpoint: mine.endpoint })
    expect(response.statusCode).toBe(401)
    expect(await rowOf(mine.endpoint)).toBeDefined()
  })
})

describe('PUT /push/subscriptions (the service worker’s renewal)', () => {
  it('moves the subscription of old_endpoint to the new one, for the same person and language', async () => {
    const me = await user(t)
    const old = await subscribed(me, pushEndpoint(), 'oz')
    const replacement = browserSubscription(pushEndpoint()).json

    // The service worker has no access token: the old endpoint is its proof.
    const response = await send(t, 'PUT', PATH, null, {
      old_endpoint: old.endpoint,
      subscription: replacement,
    })
    expect(response.statusCode, response.body).toBe(200)

    expect(await rows()).toMatchObject([
      {
        userId: me.id,
        endpoint: replacement.endpoint,
        p256dh: replacement.keys.p256dh,
        auth: replacement.keys.auth,
        locale: 'oz',
      },
    ])
    clearPushes()
    await t.app.services.push.sendToUser(me.id, chosen)
    await jobsSettled(t.db)
    expect(recorder.sent.map((sent) => [sent.target.endpoint, sent.payload.title])).toEqual([
      [replacement.endpoint, TITLES.oz],
    ])
  })

  it('answers 404 not_found for an endpoint it does not know, and stores nothing', async () => {
    const replacement = browserSubscription(pushEndpoint()).json
    const response = await send(t, 'PUT', PATH, null, {
      old_endpoint: pushEndpoint(),
      subscription: replacement,
    })
    expect(response.statusCode).toBe(404)
    expect(response.json().error.code).toBe('not_found')
    expect(await rows()).toEqual([])
  })

  it('answers 400 when the new subscription has no usable keys, and keeps the old one', async () => {
    const me = await user(t)
    const old = await subscribed(me)
    const replacement = browserSubscription(pushEndpoint()).json
    const response = await send(t, 'PUT', PATH, null, {
      old_endpoint: old.endpoint,
      subscription: {
        ...replacement,
        keys: { ...replacement.keys, p256dh: Buffer.alloc(40).toString('base64url') },
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      code: 'push_subscription_invalid',
      fields: { 'subscription.keys.p256dh': [expect.any(String)] },
    })
    expect(await rows()).toMatchObject([{ endpoint: old.endpoint }])
  })
})

describe('services.push.sendToUser', () => {
  it('writes each device’s push in the language it subscribed in, each language once', async () => {
    const me = await user(t)
    const phone = await subscribed(me, pushEndpoint(), 'uz')
    const tablet = await subscribed(me, pushEndpoint(), 'uz')
    const laptop = await subscribed(me, pushEndpoint(), 'en')
    clearPushes()
    const rendered: Locale[] = []

    await t.app.services.push.sendToUser(me.id, (locale) => {
      rendered.push(locale)
      return chosen(locale)
    })
    await jobsSettled(t.db)

    expect(rendered.sort()).toEqual(['en', 'uz'])
    expect(pushedTo(phone.endpoint)[0]?.payload.title).toBe(TITLES.uz)
    expect(pushedTo(tablet.endpoint)[0]?.payload.title).toBe(TITLES.uz)
    expect(pushedTo(laptop.endpoint)[0]?.payload.title).toBe(TITLES.en)
    expect(pushedTo(laptop.endpoint)[0]?.options).toEqual({ ttlS: 3600, urgency: 'high', topic: 'order-42' })
  })

  it('has at most the configured number of pushes in flight, and still reaches every device', async () => {
    const me = await user(t)
    for (let device = 0; device < 7; device++) await subscribed(me)
    let inFlight = 0
    let most = 0
    const slow: PushSender = {
      async send() {
        most = Math.max(most, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 20))
        inFlight--
        return { outcome: 'sent' }
      },
    }
    const app = await fcmApp(slow, { PUSH_CONCURRENCY: 2 })
    try {
      await app.services.push.sendToUser(me.id, chosen)
      await jobsSettled(t.db)
    } finally {
      await app.close()
    }
    expect(most).toBeLessThanOrEqual(2)
    expect((await rows()).every((row) => row.lastSuccessAt !== null)).toBe(true)
  })

  it('never fails its caller: a sender that throws or a render that throws only skips the push', async () => {
    const me = await user(t)
    await subscribed(me)
    recorder.failWith = new Error('push service exploded')
    await expect(t.app.services.push.sendToUser(me.id, chosen)).resolves.toBeUndefined()
    clearPushes()
    await expect(
      t.app.services.push.sendToUser(me.id, () => {
        throw new Error('no text for this kind')
      }),
    ).resolves.toBeUndefined()
    expect(recorder.sent).toEqual([])
    expect(await rows()).toHaveLength(1)
  })
})

describe('Firebase Cloud Messaging', () => {
  it('pushes a data-only message with our payload as strings and the Web Push headers, to an FCM token', async () => {
    const fcm = fakeMessaging()
    const app = await fcmApp(
      routeByProvider({ webpush: recorder.sender, fcm: createFcmSender({ messaging: fcm.messaging }) }),
    )
    try {
      const me = await user(t)
      const token = fcmToken()
      const response = await app.inject({
        method: 'POST',
        url: `/api/fika/freelancer/v1.0.1${PATH}`,
        headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'en' },
        payload: { fcm_token: token },
      })
      expect(response.statusCode, response.body).toBe(200)
      t.clock.advance(5)

      await app.services.push.sendToUser(me.id, chosen)

      await jobsSettled(t.db)

      expect(fcm.messages).toEqual([
        {
          token,
          data: { title: TITLES.en, body: '№ 42', url: '/order/42', tag: 'order-42', id: '7' },
          webpush: { headers: { TTL: '3600', Urgency: 'high', Topic: 'order-42' } },
        },
      ])
      expect(await rowOf(token)).toMatchObject({
        provider: 'fcm',
        p256dh: null,
        lastSuccessAt: t.clock.now(),
      })
    } finally {
      await app.close()
    }
  })

  it('deletes a token FCM no longer knows (registration-token-not-registered)', async () => {
    const fcm = fakeMessaging()
    const app = await fcmApp(
      routeByProvider({ webpush: recorder.sender, fcm: createFcmSender({ messaging: fcm.messaging }) }),
    )
    try {
      const me = await user(t)
      const token = fcmToken()
      await app.inject({
        method: 'POST',
        url: `/api/fika/freelancer/v1.0.1${PATH}`,
        headers: { authorization: `Bearer ${me.token}` },
        payload: { fcm_token: token },
      })
      expect(await rowOf(token)).toBeDefined()
      fcm.failWith = firebaseError('messaging/registration-token-not-registered')

      await app.services.push.sendToUser(me.id, chosen)

      await jobsSettled(t.db)

      expect(fcm.messages).toHaveLength(1)
      expect(await rowOf(token)).toBeUndefined()
    } finally {
      await app.close()
    }
  })

  it('reads FCM’s errors as gone, try later or refused', () => {
    expect(resultOfFcmError(firebaseError('messaging/invalid-registration-token')).outcome).toBe('gone')
    expect(
      resultOfFcmError(
        firebaseError(
          'messaging/invalid-argument',
          'The registration token is not a valid FCM registration token',
        ),
      ).outcome,
    ).toBe('gone')
    expect(resultOfFcmError(firebaseError('messaging/invalid-argument', 'Invalid TTL')).outcome).toBe(
      'rejected',
    )
    expect(
      resultOfFcmError(
        Object.assign(firebaseError('messaging/message-rate-exceeded'), {
          httpResponse: { headers: { 'retry-after': '30' } },
        }),
      ),
    ).toEqual({ outcome: 'retry', reason: 'messaging/message-rate-exceeded', retryAfterS: 30 })
    expect(resultOfFcmError(firebaseError('app/network-timeout')).outcome).toBe('retry')
    expect(resultOfFcmError(firebaseError('messaging/payload-size-limit-exceeded')).outcome).toBe('rejected')
    // A project mismatch is our configuration's fault, not the device's: its token is kept.
    expect(resultOfFcmError(firebaseError('messaging/mismatched-credential')).outcome).toBe('rejected')
  })
})

describe('push configuration', () => {
  it('uses FCM only with every FCM_* variable, and then also the VAPID pair imported into Firebase', () => {
    const vapidEnv = { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }
    expect(fcmSettings(loadConfig(vapidEnv))).toBeUndefined()
    const withFcm = loadConfig({ ...vapidEnv, ...FCM_ENV })
    expect(fcmSettings(withFcm)?.web).toEqual({
      apiKey: FCM_ENV.FCM_API_KEY,
      projectId: FCM_ENV.FCM_PROJECT_ID,
      messagingSenderId: FCM_ENV.FCM_MESSAGING_SENDER_ID,
      appId: FCM_ENV.FCM_APP_ID,
    })
    const { FCM_APP_ID: _missing, ...incomplete } = FCM_ENV
    expect(() => loadConfig({ ...vapidEnv, ...incomplete })).toThrow(/FCM_PROJECT_ID/)
    expect(() => loadConfig(FCM_ENV)).toThrow(/VAPID_PUBLIC_KEY/)
  })

  it('reads a service account key written on one line with \\n', () => {
    const oneLine = FCM_ENV.FCM_PRIVATE_KEY.replaceAll('\n', '\\n')
    const config = loadConfig({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      ...FCM_ENV,
      FCM_PRIVATE_KEY: oneLine,
    })
    expect(fcmSettings(config)?.serviceAccount.privateKey).toBe(FCM_ENV.FCM_PRIVATE_KEY)
  })

  it('refuses half a VAPID pair, a key of the wrong size and a subject that is no mailto: or https: URL', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/VAPID_PRIVATE_KEY/)
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: vapid.privateKey, VAPID_PRIVATE_KEY: vapid.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/)
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://fika.uz' })).toThrow(/VAPID_SUBJECT/)
    expect(loadConfig({}).VAPID_SUBJECT).toBe('mailto:support@fika.uz')
    expect(loadConfig({ VAPID_SUBJECT: 'https://fika.uz/contact' }).VAPID_SUBJECT).toBe(
      'https://fika.uz/contact',
    )
  })
})
