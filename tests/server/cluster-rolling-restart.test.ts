import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import type { ChatSendAck } from '#contract/events.ts'
import {
  call,
  clusterReady,
  openChat,
  registerThrough,
  startTestCluster,
  type RunningCluster,
} from '#tests/helpers/cluster.ts'
import { closeClients, connectClient, connected, type ClientSocket } from '#tests/helpers/sockets.ts'

/** Each client's pace: a steady load two busy cores carry beside two server processes and the proxy. */
const PACE_MS = 40
const WARM_UP = 3

/** One client's record: every answer, every write acknowledged, and the longest wait between two good answers. */
function tally(name: string) {
  let lastGood = performance.now()
  const record = {
    name,
    good: 0,
    statuses: new Map<number | string, number>(),
    written: [] as number[],
    longestPauseMs: 0,
    answered(status: number | string, ok: boolean) {
      record.statuses.set(status, (record.statuses.get(status) ?? 0) + 1)
      if (!ok) return
      const now = performance.now()
      record.longestPauseMs = Math.max(record.longestPauseMs, now - lastGood)
      lastGood = now
      record.good++
    },
  }
  return record
}
type Tally = ReturnType<typeof tally>

/** A loop until `running()` is false: one step, the pace, the next. */
async function loop(running: () => boolean, step: () => Promise<void>) {
  while (running()) {
    await step()
    await new Promise((resolve) => setTimeout(resolve, PACE_MS))
  }
}

/** How many messages the conversation holds, and how many different client_ids: equal when none was stored twice. */
async function messageCounts(databaseUrl: string, chatId: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const counted = await client.query<{ rows: number; sends: number }>(
      'select count(*)::int as rows, count(distinct client_id)::int as sends from chat_messages where chat_id = $1',
      [chatId],
    )
    return counted.rows[0]
  } finally {
    await client.end()
  }
}

async function storedIds(databaseUrl: string, table: 'orders' | 'chat_messages', ids: number[]) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const found = await client.query<{ id: number }>(`select id from ${table} where id = any($1::int[])`, [
      ids,
    ])
    return found.rows.map((row) => row.id)
  } finally {
    await client.end()
  }
}

describe.skipIf(!clusterReady)('a rolling restart behind HAProxy', () => {
  let cluster: RunningCluster
  beforeAll(async () => {
    cluster = await startTestCluster()
  }, 240_000)
  afterAll(async () => {
    await cluster?.close()
  }, 60_000)
  afterEach(closeClients)

  it('answers no 5xx and loses no acknowledged order or message while each process in turn is stopped and started', async () => {
    const base = cluster.url
    const customers = [await registerThrough(base, 'customer'), await registerThrough(base, 'customer')]
    const specialist = await registerThrough(base, 'executor')
    const chatId = await openChat(base, customers[0]!.token, specialist.id)
    const service = await call(base, 'GET', `${V1}/categories/mastera-po-remontu/restnew/elektrika`)
    const serviceId = service.body.id as number

    let running = true
    let resent = 0
    const tallies: Tally[] = []
    const orderLoops = customers.map((customer, index) => {
      const record = tally(`orders ${index + 1}`)
      tallies.push(record)
      return loop(
        () => running,
        async () => {
          const start = new Date(Date.now() + 2 * 24 * 3600 * 1000)
          const created = await call(base, 'POST', `${V1}/orders`, {
            token: customer.token,
            body: {
              services: [serviceId],
              name: 'Повесить люстру в зале',
              at_customer: true,
              address: 'Ташкент, Юнусабад, 4-й квартал',
              started_at: start.toISOString(),
              ended_at: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
              price_min: 10_000_000,
              price_max: 20_000_000,
            },
          }).catch((error: unknown) => ({
            status: `network: ${String(error)}`,
            body: {} as Record<string, unknown>,
          }))
          record.answered(created.status, created.status === 201)
          if (created.status === 201) record.written.push(created.body.id as number)
        },
      )
    })
    // Both people of the conversation, each pinned to a process of its own, so each restart drops one of them.
    const sockets: ClientSocket[] = []
    const chatLoops = [
      { person: customers[0]!, pin: 'app1' },
      { person: specialist, pin: 'app2' },
    ].map(({ person, pin }) => {
      const record = tally(`messages on ${pin}`)
      tallies.push(record)
      const socket = connectClient(base, () => person.token, {
        transports: ['websocket', 'polling'],
        extraHeaders: { cookie: `SERVERID=${pin}` },
      })
      socket.on('connect', () => void socket.emitWithAck('connect_user', { locale: 'ru' }))
      sockets.push(socket)
      return loop(
        () => running,
        async () => {
          const payload = { chat_id: chatId, client_id: `r-${randomBytes(8).toString('hex')}`, text: 'Салом' }
          // A send whose connection closed before its ack may or may not be stored: as the web app's outbox does,
          // the same client_id goes again (after the reconnection: the client buffers it) until it is answered.
          for (;;) {
            const ack = (await socket
              .timeout(20_000)
              .emitWithAck('chat:message', payload as never)
              .catch(() => undefined)) as ChatSendAck | undefined
            if (!ack) {
              resent++
              continue
            }
            record.answered(ack.ok ? 'acked' : `refused: ${ack.error.code}`, ack.ok)
            if (ack.ok) record.written.push(ack.message.id)
            return
          }
        },
      )
    })
    await Promise.all(sockets.map((socket) => connected(socket)))
    const allDidMore = (than: number[]) =>
      vi.waitFor(
        () =>
          tallies.forEach((record, index) =>
            expect(record.good).toBeGreaterThanOrEqual(than[index]! + WARM_UP),
          ),
        { timeout: 60_000, interval: 50 },
      )
    await allDidMore(tallies.map(() => 0))
    for (const index of [0, 1]) {
      expect(await cluster.kill(index, 'SIGTERM')).toBe(0)
      await cluster.restart(index)
    }
    await allDidMore(tallies.map((record) => record.good))
    running = false
    await Promise.all([...orderLoops, ...chatLoops])

    const answers = Object.fromEntries(
      tallies.map((record) => [record.name, Object.fromEntries(record.statuses)]),
    )
    const errors = tallies.flatMap((record) =>
      [...record.statuses].filter(([status]) => status !== 201 && status !== 'acked'),
    )
    const longestPauseMs = Math.round(Math.max(...tallies.map((record) => record.longestPauseMs)))
    console.log(
      `rolling restart: ${errors.reduce((sum, [, count]) => sum + count, 0)} errors, longest pause ` +
        `${longestPauseMs} ms, ${resent} messages sent again after their connection closed; ` +
        `answers ${JSON.stringify(answers)}`,
    )
    expect({ answers, errors }).toEqual({ answers, errors: [] })

    const orders = tallies.slice(0, 2).flatMap((record) => record.written)
    const messages = tallies.slice(2).flatMap((record) => record.written)
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)
    expect(sorted(await storedIds(cluster.databaseUrl, 'orders', orders))).toEqual(sorted(orders))
    expect(sorted(await storedIds(cluster.databaseUrl, 'chat_messages', messages))).toEqual(sorted(messages))
    // A message sent again after its connection closed was stored once.
    expect(await messageCounts(cluster.databaseUrl, chatId)).toEqual({
      rows: messages.length,
      sends: messages.length,
    })
  }, 300_000)
})
