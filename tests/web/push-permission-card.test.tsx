import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '#contract/schemas/profile.ts'
import PushPermissionCard from '#src/features/push/push-permission-card.tsx'
import { forgetPushOnLogout, resyncPush } from '#src/features/push/push-subscription.ts'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

vi.mock('@firebase/app', () => ({
  getApps: () => [],
  initializeApp: (options: object) => ({ options }),
}))
vi.mock('@firebase/messaging', () => ({
  getMessaging: (app: object) => ({ app }),
  getToken: vi.fn(async () => FCM_TOKEN),
  deleteToken: vi.fn(async () => true),
}))

const FCM_TOKEN = 'fcm-registration-token-of-this-phone-0123456789'
// web-push's documentation key: a P-256 public point, URL-safe base64.
const VAPID_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
const OTHER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'
const CONFIG_PATH = `${V1}/push/config`
const SUBSCRIPTIONS_PATH = `${V1}/push/subscriptions`

const UA = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
}

/** A browser's PushSubscription made with `key`, as PushManager.subscribe answers it. */
function subscriptionOf(key: Uint8Array, endpoint = 'https://fcm.googleapis.com/fcm/send/device-abc-123') {
  return {
    endpoint,
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: 'BPr9Ihp3XbqJCLwZ2kOmTaA9dfWzKxR2yqY1xC4vGkQ', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }),
    unsubscribe: vi.fn(async () => {
      browser.subscription = null
      return true
    }),
  }
}
type FakeSubscription = ReturnType<typeof subscriptionOf>

const bytesOf = (key: string) => new Uint8Array(Buffer.from(key, 'base64url'))

/** What the browser holds: the permission, its answer to the prompt, and this origin's push subscription. */
const browser = {
  permission: 'default' as NotificationPermission,
  answer: 'granted' as NotificationPermission,
  subscription: null as FakeSubscription | null,
  requestPermission: vi.fn(),
  subscribe: vi.fn(),
}

type BrowserOptions = {
  permission?: NotificationPermission
  answer?: NotificationPermission
  agent?: string
  installed?: boolean
  push?: boolean
  subscribedWith?: string
}

function fakeBrowser({
  permission = 'default',
  answer = 'granted',
  agent = UA.desktop,
  installed = false,
  push = true,
  subscribedWith,
}: BrowserOptions = {}) {
  browser.permission = permission
  browser.answer = answer
  browser.subscription = subscribedWith ? subscriptionOf(bytesOf(subscribedWith)) : null
  browser.requestPermission = vi.fn(async () => (browser.permission = browser.answer))
  browser.subscribe = vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    browser.subscription = subscriptionOf(
      applicationServerKey,
      'https://fcm.googleapis.com/fcm/send/device-new-456',
    )
    return browser.subscription
  })
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(agent)
  Object.defineProperty(navigator, 'standalone', { configurable: true, value: installed })
  if (!push) return
  vi.stubGlobal('PushManager', class {})
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission
    },
    requestPermission: browser.requestPermission,
  })
  const registration = {
    pushManager: { getSubscription: async () => browser.subscription, subscribe: browser.subscribe },
  }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  })
}

afterEach(() => {
  vi.restoreAllMocks()
  for (const property of ['serviceWorker', 'standalone']) Reflect.deleteProperty(navigator, property)
})

const logIn = (type: 'customer' | 'executor') =>
  act(() =>
    useSession.getState().setSession({ token: 'token', profile: profileOf({ type }) as unknown as Profile }),
  )

const pushServer = (config: object = { provider: 'webpush', public_key: VAPID_KEY }) =>
  stubApi({
    [`GET ${CONFIG_PATH}`]: () => ({ json: config }),
    [`POST ${SUBSCRIPTIONS_PATH}`]: () => ({ status: 201, json: { ok: true } }),
    [`DELETE ${SUBSCRIPTIONS_PATH}`]: () => ({ json: { ok: true } }),
  })

const turnOn = () => screen.findByRole('button', { name: 'Включить уведомления' })
const deviceRecord = (id: string, key = VAPID_KEY, provider = 'webpush') =>
  localStorage.setItem('fika.push.device', JSON.stringify({ provider, id, key }))

describe('the push permission card', () => {
  it('tells a specialist what arrives, and asks the browser only when the button is pressed', async () => {
    fakeBrowser()
    logIn('executor')
    const server = pushServer()
    renderInApp(<PushPermissionCard />)
    expect(
      await screen.findByText(
        'Сразу сообщим о новых заказах по вашим специальностям и районам и о том, что заказчик выбрал вас, даже когда приложение закрыто.',
      ),
    ).toBeTruthy()
    const button = await turnOn()
    expect(browser.requestPermission).not.toHaveBeenCalled()
    expect(server.calls).toEqual([])

    await userEvent.setup().click(button)
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Уведомления на этом устройстве включены.',
    )
    expect(browser.requestPermission).toHaveBeenCalledTimes(1)
    const [{ applicationServerKey, userVisibleOnly }] = browser.subscribe.mock.calls[0] as [
      { applicationServerKey: Uint8Array; userVisibleOnly: boolean },
    ]
    expect(userVisibleOnly).toBe(true)
    expect([...applicationServerKey]).toEqual([...bytesOf(VAPID_KEY)])
    expect(server.last('POST', SUBSCRIPTIONS_PATH)?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-new-456',
      expirationTime: null,
      keys: { p256dh: 'BPr9Ihp3XbqJCLwZ2kOmTaA9dfWzKxR2yqY1xC4vGkQ', auth: 'tBHItJI5svbpez7KI4CCXg' },
    })
    expect(screen.getByRole('button', { name: 'Выключить на этом устройстве' })).toBeTruthy()
  })

  it('tells a customer about replies and status changes', async () => {
    fakeBrowser()
    logIn('customer')
    renderInApp(<PushPermissionCard />)
    expect(
      await screen.findByText(
        'Сообщим, когда специалисты откликнутся на ваши заказы и когда изменится статус заказа, даже когда приложение закрыто.',
      ),
    ).toBeTruthy()
  })

  it('sends the FCM token made with our own worker when the server uses Firebase', async () => {
    fakeBrowser()
    logIn('executor')
    const firebase = {
      apiKey: 'web-api-key',
      projectId: 'fika-uz',
      messagingSenderId: '1234',
      appId: '1:1234:web:ab',
    }
    const server = pushServer({ provider: 'fcm', public_key: VAPID_KEY, firebase })
    renderInApp(<PushPermissionCard />)
    await userEvent.setup().click(await turnOn())
    await screen.findByRole('button', { name: 'Выключить на этом устройстве' })
    expect(server.last('POST', SUBSCRIPTIONS_PATH)?.body).toEqual({ fcm_token: FCM_TOKEN })
    const { getToken } = await import('@firebase/messaging')
    const registration = await navigator.serviceWorker.ready
    expect(getToken).toHaveBeenCalledWith(
      { app: { options: firebase } },
      { vapidKey: VAPID_KEY, serviceWorkerRegistration: registration },
    )
  })

  it('explains how to allow notifications in the settings when the person refuses the prompt', async () => {
    fakeBrowser({ answer: 'denied' })
    logIn('customer')
    const server = pushServer()
    renderInApp(<PushPermissionCard />)
    await userEvent.setup().click(await turnOn())
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Уведомления от этого сайта заблокированы в браузере.',
    )
    expect(
      screen.getByText(
        'Чтобы включить их, нажмите на значок замка рядом с адресом → Настройки сайта → Уведомления → Разрешить, затем обновите страницу.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Включить уведомления' })).toBeNull()
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([])
  })

  it('shows an Android phone where notifications are allowed again when they were blocked earlier', async () => {
    fakeBrowser({ permission: 'denied', agent: UA.android })
    logIn('executor')
    renderInApp(<PushPermissionCard />)
    expect(
      await screen.findByText(
        'Чтобы включить их, нажмите на значок замка рядом с адресом → Разрешения → Уведомления → Разрешить. В установленном приложении: удерживайте его значок → О приложении → Уведомления.',
      ),
    ).toBeTruthy()
    expect(browser.requestPermission).not.toHaveBeenCalled()
  })

  it('guides an iPhone in Safari to add the app to the home screen first', async () => {
    // Safari tabs on iOS have no PushManager: only installed apps get push.
    fakeBrowser({ agent: UA.iphone, push: false })
    logIn('executor')
    renderInApp(<PushPermissionCard />)
    expect(
      await screen.findByText(
        'На iPhone и iPad Apple разрешает показывать уведомления только приложениям на экране «Домой», а не сайтам, открытым в Safari. Добавить Fika — дело нескольких секунд:',
      ),
    ).toBeTruthy()
    expect(screen.getByText('Выберите «На экран „Домой“».')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Включить уведомления' })).toBeNull()
  })

  it('offers the button on an iPhone once the app runs from the home screen', async () => {
    fakeBrowser({ agent: UA.iphone, installed: true })
    logIn('executor')
    renderInApp(<PushPermissionCard />)
    expect(await turnOn()).toBeTruthy()
  })

  it('says so when the browser has no push at all', async () => {
    fakeBrowser({ push: false })
    logIn('customer')
    renderInApp(<PushPermissionCard />)
    expect(
      await screen.findByText(
        'Этот браузер не умеет показывать уведомления сайтов. Откройте Fika в свежем Chrome, Edge, Firefox или Safari или получайте уведомления в Telegram.',
      ),
    ).toBeTruthy()
  })

  it('turns push off on this device: the server forgets the endpoint and the browser drops it', async () => {
    fakeBrowser({ permission: 'granted', subscribedWith: VAPID_KEY })
    deviceRecord('https://fcm.googleapis.com/fcm/send/device-abc-123')
    logIn('executor')
    const server = pushServer()
    renderInApp(<PushPermissionCard />)
    const subscription = browser.subscription!
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Выключить на этом устройстве' }))
    expect(await turnOn()).toBeTruthy()
    expect(screen.getByRole('status')).toHaveProperty(
      'textContent',
      'Уведомления на этом устройстве выключены.',
    )
    expect(server.last('DELETE', SUBSCRIPTIONS_PATH)?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-abc-123',
    })
    expect(subscription.unsubscribe).toHaveBeenCalled()
  })

  it('offers the button where notifications are allowed but this device is not subscribed', async () => {
    fakeBrowser({ permission: 'granted' })
    logIn('customer')
    renderInApp(<PushPermissionCard />)
    expect(await turnOn()).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('says when turning on failed and keeps the button', async () => {
    fakeBrowser()
    logIn('customer')
    stubApi({ [`GET ${CONFIG_PATH}`]: () => ({ status: 503, json: {} }) })
    renderInApp(<PushPermissionCard />)
    await userEvent.setup().click(await turnOn())
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Не удалось включить уведомления. Проверьте подключение и попробуйте ещё раз.',
    )
    expect(await turnOn()).toBeTruthy()
  })
})

describe('keeping the subscription in sync', () => {
  it('sends the current subscription again after a reload', async () => {
    fakeBrowser({ permission: 'granted', subscribedWith: VAPID_KEY })
    deviceRecord('https://fcm.googleapis.com/fcm/send/device-abc-123')
    logIn('executor')
    const server = pushServer()
    await resyncPush()
    expect(browser.subscribe).not.toHaveBeenCalled()
    expect(server.last('POST', SUBSCRIPTIONS_PATH)?.body).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-abc-123',
    })
  })

  it('replaces a subscription made with a key the server no longer uses', async () => {
    fakeBrowser({ permission: 'granted', subscribedWith: OTHER_KEY })
    deviceRecord('https://fcm.googleapis.com/fcm/send/device-abc-123', OTHER_KEY)
    logIn('executor')
    const server = pushServer()
    const old = browser.subscription!
    await resyncPush()
    expect(old.unsubscribe).toHaveBeenCalled()
    expect(server.last('DELETE', SUBSCRIPTIONS_PATH)?.body).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-abc-123',
    })
    expect(server.last('POST', SUBSCRIPTIONS_PATH)?.body).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-new-456',
    })
  })

  it('subscribes again when the browser lost the subscription', async () => {
    fakeBrowser({ permission: 'granted' })
    logIn('executor')
    const server = pushServer()
    await resyncPush()
    expect(browser.subscribe).toHaveBeenCalledTimes(1)
    expect(server.last('POST', SUBSCRIPTIONS_PATH)?.body).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-new-456',
    })
  })

  it('leaves alone a device where the person turned push off, and one that never allowed it', async () => {
    fakeBrowser({ permission: 'granted' })
    localStorage.setItem('fika.push.off', '1')
    logIn('executor')
    const server = pushServer()
    await resyncPush()
    fakeBrowser({ permission: 'default' })
    localStorage.clear()
    await resyncPush()
    expect(server.calls).toEqual([])
    expect(browser.subscribe).not.toHaveBeenCalled()
  })

  it('forgets the device on the server when the person logs out', async () => {
    fakeBrowser({ permission: 'granted', subscribedWith: VAPID_KEY })
    deviceRecord('https://fcm.googleapis.com/fcm/send/device-abc-123')
    logIn('executor')
    const server = pushServer()
    await forgetPushOnLogout()
    const forget = server.last('DELETE', SUBSCRIPTIONS_PATH)
    expect(forget?.body).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/device-abc-123' })
    expect(forget?.headers.get('authorization')).toBe('Bearer token')
  })
})
