import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { loadAppNoticesCatalog } from '#src/features/app-notices/catalog.ts'
import { OutboxNotice } from '#src/features/app-notices/outbox-notice.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { onOutboxDelivered, pendingOutbox, sendOrQueue, type Outgoing } from '#src/lib/outbox.ts'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, profileOf, renderInApp, stubApi, V1 } from './helpers.tsx'

/** An access token as the server signs them, as far as the app reads one (its subject). */
const tokenOf = (userId: number) =>
  ['e30', btoa(JSON.stringify({ sub: String(userId) })).replace(/=+$/, ''), 'signature'].join('.')

const logIn = (userId: number) =>
  useSession.getState().setSession({ token: tokenOf(userId), profile: profileOf({ id: userId }) as never })

const order = { id: 41, name: 'Заменить проводку на кухне', status: 'open' }
const publish = (idempotencyKey = 'draft-0001-abcdef'): Outgoing => ({
  kind: 'publish-order',
  endpoint: endpoints.publishOrder,
  body: { name: order.name, services: [3], is_online: true },
  idempotencyKey,
})
const reply = (idempotencyKey = 'reply-0001-abcdef'): Outgoing => ({
  kind: 'reply',
  endpoint: endpoints.reply,
  params: { id: 41 },
  body: { message: 'Сделаю завтра, опыт 10 лет.' },
  idempotencyKey,
})

/** A server whose network can be cut; `answer` decides what it says to a publish that gets through. */
function server(answer: () => { status?: number; json: unknown } = () => ({ status: 201, json: order })) {
  const network = { up: true }
  const api = stubApi({
    [`POST ${V1}/orders`]: () => {
      if (!network.up) throw new TypeError('Failed to fetch')
      return answer()
    },
    [`POST ${V1}/orders/41/replies`]: () => {
      if (!network.up) throw new TypeError('Failed to fetch')
      return { status: 409, json: errorBody('conflict', 'already_replied', 'Вы уже откликнулись') }
    },
  })
  const posts = (path = `${V1}/orders`) => api.calls.filter((c) => c.method === 'POST' && c.path === path)
  return { network, posts }
}

const backOnline = () => window.dispatchEvent(new Event('online'))
const listen = () => {
  const delivered = vi.fn()
  stops.push(onOutboxDelivered(delivered))
  return delivered
}
const stops: (() => void)[] = []
afterEach(() => stops.splice(0).forEach((stop) => stop()))

describe('the offline outbox', () => {
  it('sends at once when the network is there and answers the server’s data', async () => {
    logIn(7)
    const { posts } = server()
    expect(await sendOrQueue(publish())).toEqual({ status: 'sent', data: order })
    expect(posts()).toHaveLength(1)
    expect(posts()[0]!.headers.get('idempotency-key')).toBe('draft-0001-abcdef')
    expect(await pendingOutbox()).toEqual([])
  })

  it('queues a publish with no network, shows that it waits, and sends it once when the network returns', async () => {
    logIn(7)
    const { network, posts } = server()
    const delivered = listen()
    network.up = false
    expect(await sendOrQueue(publish())).toEqual({ status: 'queued' })
    expect(await pendingOutbox()).toEqual([
      { kind: 'publish-order', idempotencyKey: 'draft-0001-abcdef', createdAt: expect.any(Number) },
    ])
    await loadAppNoticesCatalog()
    renderInApp(<OutboxNotice />)
    // The notice loads the outbox a few seconds after the first screen.
    expect((await screen.findByRole('status', {}, { timeout: 8000 })).textContent).toBe(
      'Ждёт отправки: 1. Отправим сами, как только появится интернет.',
    )

    network.up = true
    const before = posts().length
    backOnline()
    await vi.waitFor(() => expect(delivered).toHaveBeenCalledTimes(1))
    expect(delivered).toHaveBeenCalledWith({
      kind: 'publish-order',
      idempotencyKey: 'draft-0001-abcdef',
      ok: true,
      status: 201,
      data: order,
    })
    const replays = posts().slice(before)
    expect(replays).toHaveLength(1)
    expect(replays[0]!.headers.get('idempotency-key')).toBe('draft-0001-abcdef')
    expect(replays[0]!.body).toEqual(publish().body)
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull())

    // A second trigger finds nothing left to send.
    backOnline()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(posts().length).toBe(before + 1)
    expect(delivered).toHaveBeenCalledTimes(1)
  })

  it('reports a refusal of a queued reply as not delivered and does not try it again', async () => {
    logIn(8)
    const { network, posts } = server()
    const delivered = listen()
    network.up = false
    expect(await sendOrQueue(reply())).toEqual({ status: 'queued' })
    network.up = true
    backOnline()
    await vi.waitFor(() => expect(delivered).toHaveBeenCalledTimes(1))
    expect(delivered).toHaveBeenCalledWith({
      kind: 'reply',
      idempotencyKey: 'reply-0001-abcdef',
      ok: false,
      status: 409,
      data: errorBody('conflict', 'already_replied', 'Вы уже откликнулись'),
    })
    expect(await pendingOutbox()).toEqual([])
    backOnline()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(posts(`${V1}/orders/41/replies`)).toHaveLength(2)
  })

  it('keeps a request that meets a server fault for the next replay', async () => {
    logIn(7)
    let fault = true
    const { network, posts } = server(() =>
      fault
        ? { status: 503, json: errorBody('server', 'error_occurred', 'Ошибка') }
        : { status: 201, json: order },
    )
    const delivered = listen()
    network.up = false
    await sendOrQueue(publish())
    network.up = true
    backOnline()
    await vi.waitFor(() => expect(posts()).toHaveLength(2))
    expect(await pendingOutbox()).toHaveLength(1)
    fault = false
    backOnline()
    await vi.waitFor(() => expect(delivered).toHaveBeenCalledTimes(1))
    expect(await pendingOutbox()).toEqual([])
  })

  it('throws a refusal of the first send as api.call does and queues nothing', async () => {
    logIn(7)
    server(() => ({
      status: 400,
      json: errorBody('validation', 'order_name_required', 'Укажите название', {
        name: ['Укажите название'],
      }),
    }))
    const refusal = await sendOrQueue(publish()).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({ status: 400, code: 'order_name_required' })
    expect((refusal as ApiError).fields).toEqual({ name: ['Укажите название'] })
    expect(await pendingOutbox()).toEqual([])
  })

  it('never sends what one person queued with the session of another', async () => {
    logIn(7)
    const { network, posts } = server()
    network.up = false
    await sendOrQueue(publish())
    network.up = true
    logIn(9)
    backOnline()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(posts()).toHaveLength(1)
    expect(await pendingOutbox()).toEqual([])
    logIn(7)
    expect(await pendingOutbox()).toHaveLength(1)
  })
})
