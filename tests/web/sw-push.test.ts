import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_BADGE,
  DEFAULT_ICON,
  notificationFor,
  openTarget,
  parsePushPayload,
  readPushData,
  renewSubscription,
  resolveTarget,
} from '../../service-worker/push.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { listenToServiceWorker, NOTIFICATION_READ_EVENT } from '#src/lib/sw-messages.ts'
import { useSession } from '#src/lib/session-store.ts'
import { profileOf, stubApi, V1 } from './helpers.tsx'

const ORIGIN = 'http://localhost:8080'
const PUBLIC = join(import.meta.dirname, '../../public')

describe('a push payload', () => {
  it('is read as sent with Web Push', () => {
    const sent = {
      title: 'Новый заказ',
      body: 'Заменить проводку',
      url: '/order/12',
      tag: 'order-12',
      id: 34,
    }
    expect(parsePushPayload(sent)).toEqual(sent)
  })

  it('is read from FCM’s data-only wrapper, whose values are strings', () => {
    const fcm = {
      data: { title: 'Вас выбрали', body: 'Заказ №12', url: '/order/12', tag: 'order-12', id: '34' },
      from: '1234567890',
      fcmMessageId: 'a1b2c3',
      priority: 'high',
    }
    expect(parsePushPayload(fcm)).toEqual({
      title: 'Вас выбрали',
      body: 'Заказ №12',
      url: '/order/12',
      tag: 'order-12',
      id: 34,
    })
  })

  it('still makes a notification of something unexpected, since a push must always show one', () => {
    expect(parsePushPayload(null)).toEqual({ title: 'Fika', body: '', url: '/', tag: 'fika' })
    expect(parsePushPayload(readPushData({ json: () => JSON.parse('plain'), text: () => 'plain' }))).toEqual({
      title: 'Fika',
      body: 'plain',
      url: '/',
      tag: 'fika',
    })
    expect(readPushData(null)).toBeNull()
  })

  it('shows with our icon and badge, collapses by its tag and rings again', () => {
    const shown = notificationFor(
      parsePushPayload({ title: 'Отклик', body: 'Jasur', url: '/order/12', tag: 'order-12', id: 5 }),
    )
    expect(shown).toEqual({
      title: 'Отклик',
      options: {
        body: 'Jasur',
        icon: DEFAULT_ICON,
        badge: DEFAULT_BADGE,
        tag: 'order-12',
        renotify: true,
        silent: false,
        data: { url: '/order/12', id: 5 },
      },
    })
    expect(existsSync(join(PUBLIC, DEFAULT_ICON))).toBe(true)
    expect(existsSync(join(PUBLIC, DEFAULT_BADGE))).toBe(true)
  })

  it('comes without a sound in quiet hours, also through FCM whose values are strings', () => {
    for (const silent of [true, 'true']) {
      const { options } = notificationFor(
        parsePushPayload({
          data: { title: 'Новый заказ', body: '№12', url: '/order/12', tag: 'order-12', silent },
        }),
      )
      expect(options).toMatchObject({ silent: true, renotify: false })
    }
  })
})

describe('the page a clicked notification opens', () => {
  it('is a path of this app', () => {
    expect(resolveTarget('/order/12', ORIGIN)).toBe('/order/12')
    expect(resolveTarget(`${ORIGIN}/orders?tab=mine#top`, ORIGIN)).toBe('/orders?tab=mine#top')
  })

  it('is never another site: anything else opens the home page', () => {
    for (const url of [
      'https://evil.example/login',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://localhost:9999/',
      '',
    ])
      expect(resolveTarget(url, ORIGIN), url).toBe('/')
    expect(resolveTarget(undefined, ORIGIN)).toBe('/')
    expect(resolveTarget(42, ORIGIN)).toBe('/')
  })
})

type FakeWindow = {
  url: string
  focused: boolean
  visibilityState: string
  focus: ReturnType<typeof vi.fn>
  postMessage: ReturnType<typeof vi.fn>
}
const windowAt = (url: string, focused = false): FakeWindow => {
  const client: FakeWindow = {
    url,
    focused,
    visibilityState: focused ? 'visible' : 'hidden',
    focus: vi.fn(async () => client),
    postMessage: vi.fn(),
  }
  return client
}
const clientsWith = (windows: FakeWindow[]) => ({
  matchAll: vi.fn(async () => windows),
  openWindow: vi.fn(async () => null),
})

describe('clicking a notification', () => {
  it('focuses an open window of the app and has it navigate there, with the notification to mark read', async () => {
    const elsewhere = windowAt('https://other.example/', true)
    const background = windowAt(`${ORIGIN}/orders`)
    const front = windowAt(`${ORIGIN}/account`, true)
    const clients = clientsWith([elsewhere, background, front])
    await openTarget(clients as unknown as Clients, ORIGIN, '/order/12', 34)
    expect(front.focus).toHaveBeenCalled()
    expect(front.postMessage).toHaveBeenCalledWith({ type: 'NAVIGATE', to: '/order/12', id: 34 })
    expect(background.postMessage).not.toHaveBeenCalled()
    expect(elsewhere.postMessage).not.toHaveBeenCalled()
    expect(clients.openWindow).not.toHaveBeenCalled()
  })

  it('still navigates a window the browser would not focus', async () => {
    const open = windowAt(`${ORIGIN}/`)
    open.focus.mockRejectedValue(new Error('Not allowed to focus a window.'))
    await openTarget(clientsWith([open]) as unknown as Clients, ORIGIN, '/order/12')
    expect(open.postMessage).toHaveBeenCalledWith({ type: 'NAVIGATE', to: '/order/12' })
  })

  it('opens a new window on the page when none of the app is open', async () => {
    const clients = clientsWith([windowAt('https://other.example/', true)])
    await openTarget(clients as unknown as Clients, ORIGIN, '/order/12', 34)
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/order/12`)
  })
})

describe('a subscription the browser replaced', () => {
  const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U'
  const renewed = {
    endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/new',
    toJSON: () => ({
      endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/new',
      keys: { p256dh: 'BPr9Ihp3XbqJCLwZ2kOmTaA9dfWzKxR2yqY1xC4vGkQ', auth: 'tBHItJI5svbpez7KI4CCXg' },
    }),
  }
  const old = (key: ArrayBuffer | null) =>
    ({
      endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/old',
      options: { applicationServerKey: key },
    }) as unknown as PushSubscription
  const server = () =>
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(url)).pathname
      if (path === `${V1}/push/config`) return Response.json({ provider: 'webpush', public_key: KEY })
      return Response.json({ ok: true, method: init?.method })
    })

  it('subscribes again with the old key and moves the server’s row by the old endpoint', async () => {
    const fetch = server()
    const key = new Uint8Array(Buffer.from(KEY, 'base64url')).buffer
    const pushManager = { subscribe: vi.fn(async () => renewed) }
    const done = await renewSubscription({
      oldSubscription: old(key),
      newSubscription: null,
      pushManager: pushManager as unknown as PushManager,
      origin: ORIGIN,
      fetch,
    })
    expect(done).toBe(true)
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: key })
    const [url, init] = fetch.mock.calls.at(-1)!
    expect(String(url)).toBe(`${ORIGIN}${V1}/push/subscriptions`)
    expect(init?.method).toBe('PUT')
    expect(JSON.parse(String(init?.body))).toEqual({
      old_endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/old',
      subscription: renewed.toJSON(),
    })
  })

  it('asks the server for its key when the old subscription does not tell it', async () => {
    const fetch = server()
    const pushManager = { subscribe: vi.fn(async () => renewed) }
    await renewSubscription({
      oldSubscription: old(null),
      newSubscription: null,
      pushManager: pushManager as unknown as PushManager,
      origin: ORIGIN,
      fetch,
    })
    const [{ applicationServerKey }] = pushManager.subscribe.mock.calls[0] as unknown as [
      { applicationServerKey: Uint8Array },
    ]
    expect([...applicationServerKey]).toEqual([...Buffer.from(KEY, 'base64url')])
    expect(fetch.mock.calls.map(([url]) => new URL(String(url)).pathname)).toEqual([
      `${V1}/push/config`,
      `${V1}/push/subscriptions`,
    ])
  })

  it('does nothing without an old subscription to name the row by', async () => {
    const fetch = server()
    const pushManager = { subscribe: vi.fn(async () => renewed) }
    const done = await renewSubscription({
      oldSubscription: null,
      newSubscription: renewed as unknown as PushSubscription,
      pushManager: pushManager as unknown as PushManager,
      origin: ORIGIN,
      fetch,
    })
    expect(done).toBe(false)
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe('the page told to navigate by the worker', () => {
  const worker = new EventTarget()
  const post = (data: unknown) => worker.dispatchEvent(new MessageEvent('message', { data }))
  let stop = () => undefined as void
  const listen = () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker })
    const navigate = vi.fn()
    stop = listenToServiceWorker(navigate)
    return navigate
  }
  afterEach(() => {
    stop()
    Reflect.deleteProperty(navigator, 'serviceWorker')
  })

  it('moves within the app and marks the notification read for the person logged in', async () => {
    useSession.getState().setSession({ token: 'token', profile: profileOf() as unknown as Profile })
    const server = stubApi({
      [`PUT ${V1}/profile/notification/status/34`]: () => ({
        json: {
          id: 34,
          type_push: 'order_reply',
          status: 'read',
          message: 'Отклик',
          link: '/order/12',
          avatar: null,
          created_at: '2026-11-24T06:00:00.000Z',
        },
      }),
    })
    const read = vi.fn()
    window.addEventListener(NOTIFICATION_READ_EVENT, read)
    const navigate = listen()
    post({ type: 'NAVIGATE', to: '/order/12', id: 34 })
    expect(navigate).toHaveBeenCalledWith('/order/12')
    await vi.waitFor(() => expect(read).toHaveBeenCalled())
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT ${V1}/profile/notification/status/34`,
    ])
    window.removeEventListener(NOTIFICATION_READ_EVENT, read)
  })

  it('marks nothing for a guest, and ignores messages that are not a path of this app', async () => {
    useSession.getState().clear()
    const server = stubApi({})
    const navigate = listen()
    post({ type: 'NAVIGATE', to: '/order/12', id: 34 })
    post({ type: 'NAVIGATE', to: 'https://evil.example/' })
    post({ type: 'NAVIGATE', to: '//evil.example/' })
    post({ type: 'SKIP_WAITING' })
    expect(navigate.mock.calls).toEqual([['/order/12']])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(server.calls).toEqual([])
  })
})
