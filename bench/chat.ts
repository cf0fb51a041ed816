/**
 * npm run bench:chat [-- --conversations N --seconds S --transport T --url BASE --pids P,Q --skip-build --read] —
 * the chat under load (issue 12: "1,000 conversations with both participants connected, a message every second in
 * each: end-to-end delivery latency p50/p99 and messages per second on one process and on two processes with
 * Redis"; issue 33: every message delivered with p99 under 150 ms at 1,000 conversations, websocket first).
 *
 * N conversations (1,000 by default) between N customers and N specialists are seeded in SQL, each person with a
 * live session; the 2N sockets connect as the app does (CHAT_CONNECTION: websocket first, long-polling where a
 * websocket cannot open) and emit `connect_user`. `--transport polling` connects them over long-polling only (the
 * connection before issue 33), `--transport websocket` over websocket only, for comparison. In each conversation
 * the customer and the specialist take turns, one `chat:message` a second (with its ack), the conversations'
 * starts spread evenly over the first second. After a warm-up of 3 s the benchmark measures S seconds (30 by
 * default): the time from just before the emit to the `chat:message` on the OTHER person's socket (p50, p99, max),
 * the send's ack (p50, p99), messages per second delivered, whether every message sent in the window arrived, acks
 * that failed or timed out, messages not delivered within 10 s, the servers' resident memory and CPU, and its own
 * CPU and event-loop delay (on a small machine the load generator shares the cores). Beside them, under the same
 * load, two baselines that write nothing: the `connect_user` ack round trip (one socket's request and answer) and
 * `chat:typing` from one person to the other (the same path as a message, to the other person's socket, without
 * the message's insert transaction) — how much of the latency is the transport itself. `--read` makes the recipient
 * mark each message read on arrival (`chat:read`), as an open conversation does.
 *
 * The server runs with CHAT_MESSAGES_PER_MINUTE=1000, the general request limit off and CHAT_NOTIFY_AFTER_S=3600,
 * so no unread message becomes a notification during the run (each message still schedules its timer).
 *
 * Phase 1: one process — on a database of its own on DATABASE_URL's server when set (created and dropped), else on
 * the embedded PGlite in a temporary folder. Phase 2, with DATABASE_URL and REDIS_URL only: two processes on one
 * Redis, the customers on the first and the specialists on the second, so that every message crosses Redis.
 *
 * `--url BASE` measures servers already running behind BASE instead (`npm run cluster`: HAProxy in front of two
 * processes), every socket through it: the people are seeded into DATABASE_URL, the database those servers use, and
 * the tokens signed with their JWT_SECRET; they should run with the settings above. `--pids` names the servers'
 * process ids, for their memory and CPU.
 *
 * Last, the gzip size (level 9, as scripts/size.ts) of the chat's chunks: the built chunks whose source is under
 * src/routes/chats/ or src/features/chats/ (or another src/features/chat-…), and the chunks they import that the
 * first screen does not load, found in dist/.vite/manifest.json. `vite build --manifest` runs first when dist/ has
 * no manifest or is older than src/ (not with --skip-build).
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { Agent } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { CHAT_CONNECTION, type ChatSendAck, type ConnectUserAck } from '#contract/events.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { systemClock } from '#server/lib/clock.ts'
import { createAccessTokens } from '#server/modules/auth/access-tokens.ts'
import { createEmptyDatabase } from '#tests/helpers/database.ts'
import { processUsage, startServerProcess, withServers, type MeasuredServer } from './server-process.ts'
import { connectAll, type Client } from './sockets.ts'

const ROOT = join(import.meta.dirname, '..')
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name)
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number above 0`)
  return value
}
const CONVERSATIONS = arg('--conversations', 1_000)
const SECONDS = arg('--seconds', 30)
const text = (name: string) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1] : undefined
}
const TRANSPORT = text('--transport') ?? 'websocket-first'
const TRANSPORTS = {
  'websocket-first': [...CHAT_CONNECTION.transports],
  polling: ['polling'],
  websocket: ['websocket'],
} as const
if (!(TRANSPORT in TRANSPORTS)) throw new Error(`--transport takes ${Object.keys(TRANSPORTS).join(', ')}`)
const CONNECTION = { ...CHAT_CONNECTION, transports: [...TRANSPORTS[TRANSPORT as keyof typeof TRANSPORTS]] }
/** Servers already running (`--url`), measured from outside. */
const EXTERNAL_URL = text('--url')
const EXTERNAL_PIDS = (text('--pids') ?? '').split(',').filter(Boolean).map(Number)
if (EXTERNAL_URL && !process.env.DATABASE_URL)
  throw new Error('--url needs DATABASE_URL: the database those servers use, to seed the people')
if (EXTERNAL_URL && !process.env.JWT_SECRET)
  throw new Error('--url needs JWT_SECRET: the one those servers sign access tokens with')
const SECRET = EXTERNAL_URL ? process.env.JWT_SECRET! : 'c'.repeat(48)
const SKIP_BUILD = process.argv.includes('--skip-build')
const MARK_READ = process.argv.includes('--read')
const WARMUP_MS = 3_000
/** A message (or a probe) that has not arrived by then counts as not delivered; an ack as timed out. */
const DELIVERY_TIMEOUT_MS = 10_000
/** Each conversation sends its two probes (the baselines) every fifth second, half a second after its message. */
const PROBE_EVERY = 5
const CHAT_SERVER_ENV = {
  CHAT_MESSAGES_PER_MINUTE: '1000',
  CHAT_NOTIFY_AFTER_S: '3600',
}

type Person = { userId: number; sessionId: string; type: 'customer' | 'executor' }
type Conversation = { chatId: number; customer: Person; specialist: Person }

const rowsOf = async <T>(database: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows

/**
 * N customers and N specialists, each with a live session, and a direct conversation per pair: all in SQL. Their
 * slugs and phones carry `run` (a number below 9,000), so a database that already holds earlier runs' people (the
 * servers of `--url`) takes a new set beside them.
 */
async function seed(database: DatabaseHandle, count: number, run: number): Promise<Conversation[]> {
  const prefix = `ch${run}-`
  const firstPhone = 100_000_000 + run * 100_000
  // Literals of this file only (a prefix and numbers), so that PostgreSQL types them as it would typed by hand.
  const literal = (value: string | number) =>
    sql.raw(typeof value === 'number' ? String(value) : `'${value}'`)
  for (const [kind, type, offset] of [
    ['customer', 'customer', 0],
    ['specialist', 'executor', count],
  ] as const)
    await database.db.execute(sql`
      insert into users (slug, type, phone, name, surname, password_hash)
      select ${literal(prefix + kind + '-')} || g, ${literal(type)}, '998' || (${literal(firstPhone + offset)} + g),
        'Malika', 'Karimova', 'bench-no-login'
      from generate_series(1, ${literal(count)}) as g`)
  const chats = await rowsOf<{ id: number; user_a: number; user_b: number }>(
    database,
    sql`
      with opened as (
        insert into chats (kind, order_key, user_a, user_b, last_message_at, created_at)
        select 'direct', 0, least(c.id, s.id), greatest(c.id, s.id), now(), now()
        from generate_series(1, ${literal(count)}) as g
        join users c on c.slug = ${literal(prefix + 'customer-')} || g
        join users s on s.slug = ${literal(prefix + 'specialist-')} || g
        returning id, user_a, user_b, last_message_at
      ), joined as (
        insert into chat_participants (chat_id, user_id, sort_at)
        select id, user_a, last_message_at from opened
        union all
        select id, user_b, last_message_at from opened
      )
      select id, user_a, user_b from opened order by id`,
  )
  const sessions = await rowsOf<{ id: string; user_id: number; type: Person['type'] }>(
    database,
    sql`
      insert into refresh_token_families (user_id, created_at, expires_at)
      select id, now(), now() + interval '1 day' from users where slug like ${literal(prefix + '%')}
      returning id, user_id, (select type from users where users.id = user_id) as type`,
  )
  const people = new Map(
    sessions.map((s) => [s.user_id, { userId: s.user_id, sessionId: s.id, type: s.type } satisfies Person]),
  )
  return chats.map((chat) => {
    const [a, b] = [people.get(chat.user_a)!, people.get(chat.user_b)!]
    return a.type === 'customer'
      ? { chatId: chat.id, customer: a, specialist: b }
      : { chatId: chat.id, customer: b, specialist: a }
  })
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

type Side = { userId: number; client: Client }
type Live = { chatId: number; customer: Side; specialist: Side }

type Sent = { at: number; measured: boolean }

/** What one run records: the sends still awaited, the times measured, and the counts. */
function newTally() {
  return {
    sentAt: new Map<string, Sent>(),
    typingSent: new Map<number, Sent[]>(),
    delivery: [] as number[],
    acks: [] as number[],
    connectUser: [] as number[],
    typing: [] as number[],
    counts: {
      sent: 0,
      late: 0,
      ackFailed: new Map<string, number>(),
      ackTimedOut: 0,
      probesSent: 0,
      probesLost: 0,
      dropped: 0,
    },
  }
}
type Tally = ReturnType<typeof newTally>

/** One run's state: its tally, its phase (in the message ids), the measured window, and the timers to clear. */
type Run = { tally: Tally; phase: number; windowStart: number; windowEnd: number; timers: NodeJS.Timeout[] }

/** Each socket times what arrives from the other person: their messages (marked read with --read) and typing. */
function listen(live: Live[], { sentAt, typingSent, delivery, typing, counts }: Tally) {
  for (const conversation of live)
    for (const side of [conversation.customer, conversation.specialist]) {
      side.client.on('chat:message', (event) => {
        if (event.message.sender_id === side.userId) return
        const arrived = performance.now()
        const sent = sentAt.get(event.message.client_id)
        if (MARK_READ) side.client.emit('chat:read', { chat_id: event.chat_id, message_id: event.message.id })
        if (!sent) return
        sentAt.delete(event.message.client_id)
        if (!sent.measured) return
        if (arrived - sent.at > DELIVERY_TIMEOUT_MS) counts.late++
        else delivery.push(arrived - sent.at)
      })
      side.client.on('chat:typing', (event) => {
        if (event.user_id === side.userId) return
        const sent = typingSent.get(event.chat_id)?.shift()
        if (sent?.measured) typing.push(performance.now() - sent.at)
      })
      side.client.on('disconnect', () => counts.dropped++)
    }
}

/** One message of a conversation, from the person whose turn it is; its ack is timed. */
function sendMessage({ tally, phase, windowStart }: Run, conversation: Live, index: number, tick: number) {
  const { sentAt, acks, counts } = tally
  // The two people take turns; half the conversations start with the specialist, so both sides send each second.
  const sender = (tick + index) % 2 === 0 ? conversation.customer : conversation.specialist
  const clientId = `bench-${phase}-${index}-${tick}`
  const at = performance.now()
  const measured = at >= windowStart
  sentAt.set(clientId, { at, measured })
  if (measured) counts.sent++
  const answered = sender.client.timeout(DELIVERY_TIMEOUT_MS).emitWithAck('chat:message', {
    chat_id: conversation.chatId,
    client_id: clientId,
    text: `Message ${tick} of conversation ${index}`,
  } as never) as Promise<ChatSendAck>
  answered.then(
    (ack) => {
      if (!measured) return
      if (ack.ok) acks.push(performance.now() - at)
      else counts.ackFailed.set(ack.error.code, (counts.ackFailed.get(ack.error.code) ?? 0) + 1)
    },
    () => {
      if (measured) counts.ackTimedOut++
    },
  )
  return sender
}

/** The two baselines, half a second after a message: the receiver's `connect_user` ack, the sender's typing. */
function sendProbes(run: Run, conversation: Live, sender: Side) {
  const { tally, windowStart, windowEnd } = run
  const { connectUser, typingSent, counts } = tally
  const receiver = sender === conversation.customer ? conversation.specialist : conversation.customer
  run.timers.push(
    setTimeout(() => {
      const probeAt = performance.now()
      if (probeAt >= windowEnd) return
      const probeMeasured = probeAt >= windowStart
      if (probeMeasured) counts.probesSent++
      const asked = receiver.client
        .timeout(DELIVERY_TIMEOUT_MS)
        .emitWithAck('connect_user', {}) as Promise<ConnectUserAck>
      asked.then(
        (ack) => {
          if (probeMeasured && ack.ok) connectUser.push(performance.now() - probeAt)
          else if (probeMeasured) counts.probesLost++
        },
        () => {
          if (probeMeasured) counts.probesLost++
        },
      )
      const queue = typingSent.get(conversation.chatId) ?? []
      queue.push({ at: performance.now(), measured: probeMeasured })
      typingSent.set(conversation.chatId, queue)
      sender.client.emit('chat:typing', { chat_id: conversation.chatId })
    }, 500),
  )
}

/** Each conversation sends a message a second until the window ends, their starts spread over the first second. */
function startConversations(run: Run, live: Live[]) {
  const send = (conversation: Live, index: number, tick: number) => {
    const sender = sendMessage(run, conversation, index, tick)
    if ((tick + index) % PROBE_EVERY === 0) sendProbes(run, conversation, sender)
  }
  live.forEach((conversation, index) => {
    let tick = 0
    const beat = () => {
      if (performance.now() >= run.windowEnd) return clearInterval(interval)
      send(conversation, index, tick++)
    }
    let interval: NodeJS.Timeout | undefined
    run.timers.push(
      setTimeout(
        () => {
          beat()
          interval = setInterval(beat, 1000)
          run.timers.push(interval)
        },
        (index * 1000) / live.length,
      ),
    )
  })
}

/** CPU of the servers and of this process, and this process's event-loop delay, over the measured window only. */
async function measureWindow({ windowStart, windowEnd }: Run, servers: MeasuredServer[]) {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 })
  await new Promise((resolve) => setTimeout(resolve, windowStart - performance.now()))
  const cpuBefore = await Promise.all(servers.map((server) => server.cpuS()))
  const ownBefore = process.cpuUsage()
  loopDelay.enable()
  await new Promise((resolve) => setTimeout(resolve, windowEnd - performance.now()))
  loopDelay.disable()
  const ownCpu = process.cpuUsage(ownBefore)
  const cpuAfter = await Promise.all(servers.map((server) => server.cpuS()))
  return {
    serverCpu: cpuAfter.map((after, i) => (after - cpuBefore[i]!) / SECONDS),
    ownCpu: (ownCpu.user + ownCpu.system) / 1e6 / SECONDS,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    // Whatever else ran on the machine meanwhile shares the cores with the servers: the 1-minute load average.
    machineLoad: loadavg()[0]!,
  }
}

/** What was sent in the window may still be on its way: waits at most DELIVERY_TIMEOUT_MS more for it. */
async function awaitOutstanding({ sentAt, typingSent, acks, counts }: Tally) {
  const outstanding = () =>
    [...sentAt.values()].some((s) => s.measured) ||
    [...typingSent.values()].some((queue) => queue.some((s) => s.measured)) ||
    acks.length + counts.ackTimedOut + [...counts.ackFailed.values()].reduce((a, b) => a + b, 0) < counts.sent
  for (let waited = 0; outstanding() && waited < DELIVERY_TIMEOUT_MS + 1000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100))
}

/** The load and its measures: one run of `SECONDS` after the warm-up, on sockets already connected. */
async function load(live: Live[], phase: number, servers: MeasuredServer[]) {
  const tally = newTally()
  listen(live, tally)
  const windowStart = performance.now() + WARMUP_MS
  const run: Run = { tally, phase, windowStart, windowEnd: windowStart + SECONDS * 1000, timers: [] }
  startConversations(run, live)
  const usage = await measureWindow(run, servers)
  await awaitOutstanding(tally)
  for (const timer of run.timers) clearTimeout(timer)
  const rssKb = await Promise.all(servers.map((server) => server.rssKb()))

  const { delivery, counts, typingSent } = tally
  const typingLost = [...typingSent.values()].reduce(
    (sum, queue) => sum + queue.filter((s) => s.measured).length,
    0,
  )
  return {
    sent: counts.sent,
    delivered: delivery.length,
    late: counts.late,
    lost: counts.sent - delivery.length - counts.late,
    ackFailed: counts.ackFailed,
    ackTimedOut: counts.ackTimedOut,
    dropped: counts.dropped,
    delivery: sorted(delivery),
    acks: sorted(tally.acks),
    connectUser: sorted(tally.connectUser),
    typing: sorted(tally.typing),
    probesSent: counts.probesSent,
    probesLost: counts.probesLost,
    typingLost,
    ...usage,
    rssKb,
  }
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(value < 10 ? 1 : 0)} ms`)
const mb = (kb: number) => (Number.isNaN(kb) ? 'n/a' : `${(kb / 1024).toFixed(0)} MB`)
const pct = (share: number) => (Number.isNaN(share) ? 'n/a' : `${(share * 100).toFixed(0)} %`)
const spread = (values: number[]) => `p50 ${ms(percentile(values, 0.5))}, p99 ${ms(percentile(values, 0.99))}`

async function run(label: string, servers: MeasuredServer[], conversations: Conversation[], phase: number) {
  // Signed now: a token lives 15 minutes, and the server closes a socket when its token ends.
  const tokens = createAccessTokens(SECRET, systemClock)
  const sign = (person: Person) =>
    tokens.sign({ userId: person.userId, type: person.type, sessionId: person.sessionId })
  const first = servers[0]!
  const second = servers.at(-1)!
  const options = CONNECTION
  const people = await Promise.all(
    conversations.flatMap((c) => [
      sign(c.customer).then((token) => ({ token, url: first.url, options })),
      sign(c.specialist).then((token) => ({ token, url: second.url, options })),
    ]),
  )
  const rssBefore = await Promise.all(servers.map((server) => server.rssKb()))
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
  const connecting = performance.now()
  const clients = await connectAll(people, agent)
  const carried = Object.entries(
    Object.groupBy(clients, (client) => client.io.engine.transport.name as string),
  ).map(([name, group]) => `${group!.length} over ${name}`)
  console.log(
    `\n${label}: ${clients.length} sockets connected in ${((performance.now() - connecting) / 1000).toFixed(1)} s ` +
      `(${carried.join(', ')})`,
  )
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const rssConnected = await Promise.all(servers.map((server) => server.rssKb()))
    const live: Live[] = conversations.map((c, i) => ({
      chatId: c.chatId,
      customer: { userId: c.customer.userId, client: clients[2 * i]! },
      specialist: { userId: c.specialist.userId, client: clients[2 * i + 1]! },
    }))
    const result = await load(live, phase, servers)
    const failed = [...result.ackFailed].map(([code, n]) => `${code} ${n}`).join(', ') || '0'
    const everyOne = result.sent > 0 && result.delivered === result.sent
    console.log(`  every message delivered: ${everyOne ? 'yes' : 'no'}`)
    console.log(`  ${conversations.length} conversations, ${clients.length} sockets, ${SECONDS} s measured`)
    console.log(
      `  messages sent ${result.sent} (${(result.sent / SECONDS).toFixed(0)}/s), delivered ${result.delivered} ` +
        `(${(result.delivered / SECONDS).toFixed(0)}/s); later than 10 s ${result.late}, not arrived ${result.lost}`,
    )
    console.log(
      `  acks failed ${failed}, timed out ${result.ackTimedOut}; sockets dropped during the run ${result.dropped}`,
    )
    console.log(
      `  delivery to the other person  ${spread(result.delivery)}, max ${ms(result.delivery.at(-1) ?? NaN)}`,
    )
    console.log(`  the send's ack                ${spread(result.acks)}`)
    console.log(
      `  baseline connect_user ack     ${spread(result.connectUser)} (${result.connectUser.length} of ` +
        `${result.probesSent}; lost ${result.probesLost})`,
    )
    console.log(
      `  baseline chat:typing to other ${spread(result.typing)} (${result.typing.length} of ${result.probesSent}; ` +
        `not arrived ${result.typingLost})`,
    )
    servers.forEach((_, i) =>
      console.log(
        `  server${servers.length > 1 ? ` ${i + 1}` : ''}: RSS ${mb(rssBefore[i]!)} before the sockets, ` +
          `${mb(rssConnected[i]!)} connected, ${mb(result.rssKb[i]!)} after; CPU ${pct(result.serverCpu[i]!)} ` +
          `of a core in the window`,
      ),
    )
    console.log(
      `  load generator: CPU ${pct(result.ownCpu)} of a core, event-loop delay p99 ${ms(result.loopDelayP99)}; ` +
        `machine load average ${result.machineLoad.toFixed(1)} at the window's end`,
    )
  } finally {
    for (const client of clients) client.disconnect()
    agent.destroy()
  }
}

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}

const CHAT_SOURCE = /^src\/(?:routes\/chats\/|features\/chat(?:s\/|-))/
const MANIFEST = join(ROOT, 'dist/.vite/manifest.json')

/** The newest modification time under a folder, in milliseconds. */
async function newestIn(folder: string) {
  const names = await readdir(folder, { recursive: true })
  const times = await Promise.all(names.map(async (name) => (await stat(join(folder, name))).mtimeMs))
  return Math.max(0, ...times)
}

/** Builds the app (with a manifest) unless dist/ already has one newer than its sources. */
async function buildIfStale() {
  const built = await stat(MANIFEST).then(
    (s) => s.mtimeMs,
    () => 0,
  )
  const sources = Math.max(
    await newestIn(join(ROOT, 'src')),
    (await stat(join(ROOT, 'index.html'))).mtimeMs,
    (await stat(join(ROOT, 'vite.config.ts'))).mtimeMs,
  )
  if (built > sources) return 'up to date'
  if (SKIP_BUILD) return built ? 'older than src/ (not rebuilt: --skip-build)' : 'missing'
  console.log('building the app (vite build --manifest)…')
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--manifest', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  )
  const code = await new Promise((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`vite build exited with ${String(code)}`)
  return 'built'
}

/**
 * The chat's chunks in the build: those of sources under CHAT_SOURCE, and the chunks they import statically that
 * the first screen does not already load ("own" when only the chat's chunks import them, else "shared").
 */
async function chatChunks(state: string) {
  if (state === 'missing')
    return ['chat chunk: not measured (no dist/.vite/manifest.json; run without --skip-build)']
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Record<string, ManifestChunk>
  const closure = (roots: string[]) => {
    const seen = new Set<string>()
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return
      seen.add(key)
      for (const next of manifest[key].imports ?? []) visit(next)
    }
    roots.forEach(visit)
    return seen
  }
  const shell = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry))
  const roots = Object.keys(manifest).filter(
    (key) => CHAT_SOURCE.test(manifest[key]!.src ?? key) && !shell.has(key),
  )
  if (roots.length === 0) return ['chat chunk: not built (no chats route in this build)']
  const chat = [...closure(roots)].filter((key) => !shell.has(key))
  const importedFromOutside = new Set(
    Object.keys(manifest)
      .filter((key) => !chat.includes(key))
      .flatMap((key) => manifest[key]!.imports ?? []),
  )
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const gzipOf = async (file: string) =>
    gzipSync(await readFile(join(ROOT, 'dist', file)), { level: 9 }).length
  const order = { chat: 0, catalog: 1, own: 2, shared: 3 } as const
  const chunks = await Promise.all(
    chat.map(async (key) => {
      const chunk = manifest[key]!
      const kind: keyof typeof order = /\.po$/.test(chunk.src ?? '')
        ? 'catalog'
        : roots.includes(key)
          ? 'chat'
          : importedFromOutside.has(key)
            ? 'shared'
            : 'own'
      return { key, chunk, kind, gzip: await gzipOf(chunk.file) }
    }),
  )
  chunks.sort((a, b) => order[a.kind] - order[b.kind] || b.gzip - a.gzip)
  const lines = chunks.map(
    ({ key, chunk, kind, gzip }) =>
      `  ${kind.padEnd(7)} ${kb(gzip).padStart(9)} gzip  /${chunk.file}  (${chunk.src ?? key})`,
  )
  // One language's catalog loads, not all four: the largest counts.
  const catalog = Math.max(0, ...chunks.filter((c) => c.kind === 'catalog').map((c) => c.gzip))
  const sum = (kinds: string[]) =>
    chunks.filter((c) => kinds.includes(c.kind)).reduce((total, c) => total + c.gzip, 0)
  const own = sum(['chat', 'own']) + catalog
  const shared = sum(['shared'])
  let css = 0
  for (const sheet of new Set(chunks.flatMap((c) => c.chunk.css ?? []))) {
    const gzip = await gzipOf(sheet)
    css += gzip
    lines.push(`  css     ${kb(gzip).padStart(9)} gzip  /${sheet}`)
  }
  lines.push(
    `chat chunks: ${kb(own)} JS gzip of the chat's own (its ${roots.length - chunks.filter((c) => c.kind === 'catalog').length} ` +
      `chunk(s), what only they import, one language's catalog) + ${kb(shared)} shared with other screens ` +
      `= ${kb(own + shared)} beyond the first screen${css ? `; CSS ${kb(css)} gzip` : ''}`,
  )
  return [`chat chunks (dist/ ${state}):`, ...lines]
}

/** Seeds the people on a database and says what the run is. */
async function seedOn(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir })
  try {
    await database.migrate()
    const seeding = performance.now()
    const conversations = await seed(database, CONVERSATIONS, Math.floor(Math.random() * 9_000))
    const how =
      TRANSPORT === 'websocket-first'
        ? 'websocket first, long-polling where it cannot open (CHAT_CONNECTION)'
        : `${TRANSPORT} only (--transport)`
    console.log(
      `${conversations.length} conversations (${2 * conversations.length} people) on ` +
        `${databaseUrl ? 'PostgreSQL' : 'PGlite'}, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s. ` +
        `Sockets: ${how}; in each conversation the customer and the specialist take turns, a message a second; ` +
        `${WARMUP_MS / 1000} s warm-up, then ${SECONDS} s measured${MARK_READ ? '; the recipient marks each message read' : ''}.`,
    )
    return conversations
  } finally {
    await database.close()
  }
}

/** The servers the benchmark starts: one process, then two on Redis when DATABASE_URL and REDIS_URL are set. */
async function measureOwnServers(dataDir: string) {
  const ownDatabase = process.env.DATABASE_URL
    ? await createEmptyDatabase(process.env.DATABASE_URL)
    : undefined
  const databaseUrl = ownDatabase?.url
  try {
    const conversations = await seedOn(databaseUrl, dataDir)
    console.log(
      `Server: CHAT_MESSAGES_PER_MINUTE=${CHAT_SERVER_ENV.CHAT_MESSAGES_PER_MINUTE}, ` +
        `CHAT_NOTIFY_AFTER_S=${CHAT_SERVER_ENV.CHAT_NOTIFY_AFTER_S} (no unread-message notification fires during ` +
        `the run), general rate limit off.`,
    )
    const env = { DATA_DIR: dataDir, ...(databaseUrl && { DATABASE_URL: databaseUrl }) }
    const start =
      (extra: Record<string, string> = {}) =>
      () =>
        startServerProcess({ ...env, ...CHAT_SERVER_ENV, ...extra }, SECRET)
    const engine = databaseUrl ? 'PostgreSQL' : 'PGlite'
    await withServers([start()], (servers) => run(`one process (${engine})`, servers, conversations, 1))
    if (databaseUrl && process.env.REDIS_URL) {
      const redis = { REDIS_URL: process.env.REDIS_URL }
      await withServers([start(redis), start(redis)], (servers) =>
        run('two processes on Redis (customers on 1, specialists on 2)', servers, conversations, 2),
      )
    } else {
      console.log('\ntwo processes on Redis: not measured (needs DATABASE_URL and REDIS_URL)')
    }
  } finally {
    await ownDatabase?.drop()
  }
}

/** Servers already running behind `url` (--url): every socket goes through it. */
async function measureRunningServers(url: string, dataDir: string) {
  const conversations = await seedOn(process.env.DATABASE_URL, dataDir)
  console.log(
    `Servers: already running behind ${url}${EXTERNAL_PIDS.length ? ` (processes ${EXTERNAL_PIDS.join(', ')})` : ''}; ` +
      `they should run with ${Object.entries(CHAT_SERVER_ENV)
        .map(([name, value]) => `${name}=${value}`)
        .join(', ')} and the general rate limit off.`,
  )
  const measured: MeasuredServer[] = EXTERNAL_PIDS.length
    ? EXTERNAL_PIDS.map((pid) => ({ url, ...processUsage(pid) }))
    : [{ url, rssKb: () => Promise.resolve(NaN), cpuS: () => Promise.resolve(NaN) }]
  await run(`the servers behind ${url}`, measured, conversations, 1)
}

const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-chat-'))
try {
  // The build first: it must not share the cores with the measured runs.
  const chunkLines = await chatChunks(await buildIfStale())
  if (EXTERNAL_URL) await measureRunningServers(EXTERNAL_URL, dataDir)
  else await measureOwnServers(dataDir)
  console.log(`\n${chunkLines.join('\n')}`)
} finally {
  await rm(dataDir, { recursive: true, force: true })
  // Sockets of a failed run may hold the loop open.
  setTimeout(() => process.exit(process.exitCode ?? 0), 500).unref()
}
