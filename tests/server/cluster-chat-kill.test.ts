import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import type { ChatMessageEvent, ChatSendAck } from '#contract/events.ts'
import type { ChatMessage } from '#contract/schemas/chats.ts'
import {
  call,
  clusterReady,
  openChat,
  registerThrough,
  startTestCluster,
  type RunningCluster,
} from '#tests/helpers/cluster.ts'
import { closeClients, connectClient, nextEvent, type ClientSocket } from '#tests/helpers/sockets.ts'

/** A pace for each sender: a steady conversation, not a flood the chat's own limit would refuse. */
const SEND_EVERY_MS = 25
const MESSAGES_PER_PHASE = 5

type Person = { token: string; id: number }

/**
 * One person's app: a socket through the proxy pinned by HAProxy's cookie to one process (websocket first, as the
 * web app connects), sending messages with acks in a loop, and, like the web app on a connection that was not
 * recovered, catching up over HTTP with the messages after the last one it has.
 */
function personOnline(base: string, me: Person, other: Person, chatId: number, pin: string) {
  const cookie = `SERVERID=${pin}`
  const socket: ClientSocket = connectClient(base, () => me.token, {
    transports: ['websocket', 'polling'],
    extraHeaders: { cookie },
  })
  const deliveries = new Map<number, number>()
  const fetched = new Set<number>()
  const acked: number[] = []
  let connections = 0
  let disconnections = 0
  let unacknowledged = 0
  let sending = true

  const seen = () => new Set([...deliveries.keys(), ...fetched])
  async function catchUp() {
    const after = Math.max(0, ...seen())
    const page = await call(base, 'GET', `${V1}/chats/${chatId}/messages?after=${after}&perPage=100`, {
      token: me.token,
      cookie,
    })
    for (const message of page.body.collection as ChatMessage[])
      if (message.sender_id === other.id) fetched.add(message.id)
  }
  let joined: () => void
  /** The first connection's `connect_user` answered: from then on the person's room holds this socket. */
  const ready = new Promise<void>((resolve) => (joined = resolve))
  socket.on('connect', () => {
    connections++
    void socket.emitWithAck('connect_user', { locale: 'ru' }).then(() => joined())
    if (connections > 1 && !socket.recovered) void catchUp()
  })
  socket.on('disconnect', () => disconnections++)
  socket.on('chat:message', (event: ChatMessageEvent) => {
    if (event.chat_id !== chatId || event.message.sender_id !== other.id) return
    deliveries.set(event.message.id, (deliveries.get(event.message.id) ?? 0) + 1)
  })

  let sender = Promise.resolve()
  const send = async () => {
    while (sending) {
      const payload = { chat_id: chatId, client_id: `k-${randomBytes(8).toString('hex')}`, text: 'Салом' }
      // Sent while disconnected, it waits in the client's buffer and goes out on reconnection.
      const ack = (await socket
        .timeout(15_000)
        .emitWithAck('chat:message', payload as never)
        .catch(() => undefined)) as ChatSendAck | undefined
      if (ack?.ok) acked.push(ack.message.id)
      else unacknowledged++
      await new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS))
    }
  }

  return {
    socket,
    ready,
    /** Starts the conversation's messages; the other person's socket must be in its room by then. */
    start() {
      sender = send()
    },
    acked,
    seen,
    deliveries,
    counts: () => ({ connections, disconnections, unacknowledged }),
    async stop() {
      sending = false
      await sender
    },
  }
}

/** Every message of the conversation, page by page from the newest. */
async function wholeConversation(base: string, token: string, chatId: number) {
  const messages: ChatMessage[] = []
  let before = ''
  for (;;) {
    const page = await call(base, 'GET', `${V1}/chats/${chatId}/messages?perPage=100${before}`, { token })
    messages.push(...(page.body.collection as ChatMessage[]))
    const next = (page.body.meta as { next_cursor: string | number | null }).next_cursor
    if (next === null) return messages
    before = `&before=${next}`
  }
}

describe.skipIf(!clusterReady)('a chat across two processes behind HAProxy', () => {
  let cluster: RunningCluster
  beforeAll(async () => {
    cluster = await startTestCluster()
  }, 240_000)
  afterAll(async () => {
    await cluster?.close()
  }, 60_000)
  afterEach(closeClients)

  it('reconnects through the proxy after one process is killed, and brings every acknowledged message exactly once', async () => {
    const base = cluster.url
    const customer = await registerThrough(base, 'customer')
    const specialist = await registerThrough(base, 'executor')
    const chatId = await openChat(base, customer.token, specialist.id)
    const onFirst = personOnline(base, customer, specialist, chatId, 'app1')
    const onSecond = personOnline(base, specialist, customer, chatId, 'app2')
    const people = [onFirst, onSecond]
    await Promise.all(people.map((person) => person.ready))
    for (const person of people) person.start()
    /** The speaker's acknowledged messages the listener has not seen, each with its place among the speaker's. */
    const unheard = (listener: typeof onFirst, speaker: typeof onFirst) =>
      speaker.acked.flatMap((id, index) => (listener.seen().has(id) ? [] : [`#${index + 1} (id ${id})`]))
    /** Until each person has MESSAGES_PER_PHASE more acknowledged messages than `from` (theirs, in order). */
    const phase = (from: number[]) =>
      vi.waitFor(
        () => {
          people.forEach((person, index) =>
            expect(person.acked.length).toBeGreaterThanOrEqual(from[index]! + MESSAGES_PER_PHASE),
          )
        },
        { timeout: 60_000, interval: 50 },
      )

    await phase([0, 0])
    const reconnected = nextEvent(onFirst.socket, 'connect', 60_000)
    const before = people.map((person) => person.acked.length)
    expect(await cluster.kill(0, 'SIGKILL')).toBeNull()
    await reconnected
    // Acknowledged after the kill: some of them waited in the client's buffer through the reconnection.
    await phase(before)
    await Promise.all(people.map((person) => person.stop()))

    await vi.waitFor(
      () => {
        expect({ byFirst: unheard(onFirst, onSecond), bySecond: unheard(onSecond, onFirst), before }).toEqual(
          {
            byFirst: [],
            bySecond: [],
            before,
          },
        )
      },
      { timeout: 30_000, interval: 50 },
    )
    // The killed process's socket came back through the proxy; the other one never dropped.
    expect(onFirst.counts()).toMatchObject({ connections: 2, disconnections: 1 })
    expect(onSecond.counts()).toMatchObject({ connections: 1, disconnections: 0 })
    for (const person of people) {
      const twice = [...person.deliveries].filter(([, times]) => times > 1)
      expect(twice).toEqual([])
    }
    // The conversation as stored: each acknowledged message once.
    const stored = await wholeConversation(base, customer.token, chatId)
    const storedIds = stored.map((message) => message.id)
    const clientIds = stored.map((message) => message.client_id)
    expect(new Set(clientIds).size).toBe(clientIds.length)
    expect(storedIds).toEqual(expect.arrayContaining([...onFirst.acked, ...onSecond.acked]))
    console.log(
      `cluster chat: ${onFirst.acked.length + onSecond.acked.length} messages acknowledged, ` +
        `${onFirst.counts().unacknowledged + onSecond.counts().unacknowledged} sends without an ack`,
    )
  }, 240_000)
})
