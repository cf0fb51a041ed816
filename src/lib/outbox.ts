import * as v from 'valibot'
import { buildPath, type Endpoint } from '#contract/endpoint.ts'
import {
  IDEMPOTENCY_HEADER,
  OUTBOX_CHANNEL,
  OUTBOX_HEADER,
  OUTBOX_QUEUED,
  OutboxEntrySchema,
  OutboxMessageSchema,
  ReplayResultSchema,
  tokenSubject,
  type OutboxEntry,
  type OutboxKind,
  type OutboxMessage,
  type OutboxRequest,
} from '#contract/outbox.ts'
import { api } from './api.ts'
import { toApiError } from './api-client.ts'
import { refreshSession } from './refresh-session.ts'
import { useSession } from './session-store.ts'

export type { OutboxKind }

export type Outgoing = {
  kind: OutboxKind
  /** endpoints.publishOrder or endpoints.reply, as for api.call */
  endpoint: Endpoint
  params?: Record<string, string | number>
  body: unknown
  /** Stable for one user intent across retries and reloads (e.g. the draft id) */
  idempotencyKey: string
}

export type Delivery<T> = { status: 'sent'; data: T } | { status: 'queued' }

export type OutboxDelivery = {
  kind: OutboxKind
  idempotencyKey: string
  ok: boolean
  status: number
  data: unknown
}

export type PendingOutgoing = { kind: OutboxKind; idempotencyKey: string; createdAt: number }

// Where the page keeps what it could not send when no service worker takes it (first visit, tests, old browsers).
const PAGE_QUEUE_KEY = 'fika.outbox'
const PageEntrySchema = v.object({
  ...OutboxEntrySchema.entries,
  method: v.string(),
  path: v.string(),
  body: v.unknown(),
})
type PageEntry = v.InferOutput<typeof PageEntrySchema>

const REPLAY_LOCK = 'fika-outbox-replay'
// How long the page waits for the service worker: a replay may send several requests on a slow network; a list is
// quick, and an older worker that does not know the outbox never answers.
const REPLAY_TIMEOUT_MS = 120_000
const LIST_TIMEOUT_MS = 3_000

function readPageQueue(): PageEntry[] {
  try {
    const parsed = v.safeParse(
      v.array(PageEntrySchema),
      JSON.parse(localStorage.getItem(PAGE_QUEUE_KEY) ?? '[]'),
    )
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

function writePageQueue(entries: PageEntry[]) {
  if (entries.length === 0) localStorage.removeItem(PAGE_QUEUE_KEY)
  else localStorage.setItem(PAGE_QUEUE_KEY, JSON.stringify(entries))
}

// Read again before each write: another tab may have changed the queue since.
const keepInPage = (entry: PageEntry) =>
  writePageQueue([...readPageQueue().filter((e) => e.idempotencyKey !== entry.idempotencyKey), entry])
const dropFromPage = (idempotencyKey: string) =>
  writePageQueue(readPageQueue().filter((e) => e.idempotencyKey !== idempotencyKey))

const deliveredListeners = new Set<(event: OutboxDelivery) => void>()
const changeListeners = new Set<() => void>()
let channel: BroadcastChannel | undefined

function receive(message: unknown) {
  const parsed = v.safeParse(OutboxMessageSchema, message)
  if (!parsed.success) return
  if (parsed.output.type === 'delivered') {
    const { kind, idempotencyKey, ok, status, data } = parsed.output
    for (const listener of deliveredListeners) listener({ kind, idempotencyKey, ok, status, data })
  }
  for (const listener of changeListeners) listener()
}

/** Every tab and the service worker speak on one BroadcastChannel; a tab hears its own news directly. */
function openChannel() {
  if (channel || typeof BroadcastChannel === 'undefined') return
  channel = new BroadcastChannel(OUTBOX_CHANNEL)
  channel.onmessage = (event) => receive(event.data)
}

function announce(message: OutboxMessage) {
  openChannel()
  receive(message)
  channel?.postMessage(message)
}

async function activeWorker(): Promise<ServiceWorker | null> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined)
  return registration?.active ?? null
}

/** Asks the service worker and waits for its answer (null if it has none: an older worker, or it stopped). */
function askWorker<S extends v.GenericSchema>(
  worker: ServiceWorker,
  request: OutboxRequest,
  schema: S,
): Promise<v.InferOutput<S> | null> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel()
    const timer = setTimeout(
      () => resolve(null),
      request.type === 'OUTBOX_LIST' ? LIST_TIMEOUT_MS : REPLAY_TIMEOUT_MS,
    )
    port1.onmessage = (event) => {
      clearTimeout(timer)
      port1.close()
      const parsed = v.safeParse(schema, event.data)
      resolve(parsed.success ? parsed.output : null)
    }
    worker.postMessage(request, [port2])
  })
}

/**
 * Sends now. With no network the request is left to the service worker's Background Sync queue (and to the
 * page's `online` replay) and `queued` is answered. Server refusals throw ApiError exactly as api.call does.
 */
export async function sendOrQueue<T>(outgoing: Outgoing): Promise<Delivery<T>> {
  startOutbox()
  const token = useSession.getState().token
  const path = buildPath(outgoing.endpoint.path, outgoing.params)
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: outgoing.idempotencyKey }
  // Without a session no one could send it later: it goes now or fails as api.call would.
  if (token) headers[OUTBOX_HEADER] = outgoing.kind
  try {
    const response = await api.http(path, { method: outgoing.endpoint.method, json: outgoing.body, headers })
    if (response.headers.get(OUTBOX_HEADER) === OUTBOX_QUEUED) {
      announce({ type: 'changed' })
      return { status: 'queued' }
    }
    return { status: 'sent', data: (await response.json()) as T }
  } catch (error) {
    const failure = toApiError(error)
    // status 0: the request never reached the server (offline, or no answer in time).
    if (failure.status !== 0 || !token) throw failure
    keepInPage({
      kind: outgoing.kind,
      idempotencyKey: outgoing.idempotencyKey,
      createdAt: Date.now(),
      owner: tokenSubject(token),
      method: outgoing.endpoint.method,
      path,
      body: outgoing.body,
    })
    announce({ type: 'changed' })
    return { status: 'queued' }
  }
}

/** A queued request was delivered later (by the SW or the online replay), ok or refused, in any open tab. */
export function onOutboxDelivered(listener: (event: OutboxDelivery) => void): () => void {
  openChannel()
  deliveredListeners.add(listener)
  return () => deliveredListeners.delete(listener)
}

/** Something was queued or delivered (in any tab): lists of waiting requests are out of date. */
export function onOutboxChanged(listener: () => void): () => void {
  openChannel()
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

/** Requests of the logged-in person still waiting (for a "will be sent" notice and to survive reloads). */
export async function pendingOutbox(): Promise<PendingOutgoing[]> {
  const owner = tokenSubject(useSession.getState().token)
  if (!owner) return []
  const worker = await activeWorker()
  const inWorker = worker
    ? await askWorker(worker, { type: 'OUTBOX_LIST' }, v.array(OutboxEntrySchema))
    : null
  const byKey = new Map<string, OutboxEntry>()
  for (const entry of [...readPageQueue(), ...(inWorker ?? [])]) {
    if (entry.owner === owner && !byKey.has(entry.idempotencyKey)) byKey.set(entry.idempotencyKey, entry)
  }
  return [...byKey.values()]
    .sort((a, b) => a.createdAt - b.createdAt)
    .map(({ kind, idempotencyKey, createdAt }) => ({ kind, idempotencyKey, createdAt }))
}

// A network failure, an ended session, a rate limit or a server fault: the request waits for the next replay.
const isTransient = (status: number) => status === 0 || status === 401 || status === 429 || status >= 500

async function replayPageQueue(owner: string) {
  for (const entry of readPageQueue().filter((e) => e.owner === owner)) {
    let outcome: { ok: boolean; status: number; data: unknown }
    try {
      const response = await api.http(entry.path, {
        method: entry.method,
        json: entry.body,
        headers: { [IDEMPOTENCY_HEADER]: entry.idempotencyKey },
      })
      outcome = { ok: true, status: response.status, data: await response.json() }
    } catch (error) {
      const failure = toApiError(error)
      if (isTransient(failure.status)) return
      outcome = { ok: false, status: failure.status, data: failure.body }
    }
    dropFromPage(entry.idempotencyKey)
    announce({ type: 'delivered', kind: entry.kind, idempotencyKey: entry.idempotencyKey, ...outcome })
  }
}

async function replayWorkerQueue(token: string) {
  const worker = await activeWorker()
  if (!worker) return
  const answer = await askWorker(worker, { type: 'OUTBOX_REPLAY', token }, ReplayResultSchema)
  if (!answer?.unauthorized) return
  // The page's token expired since it was read: one shared refresh (refresh-session.ts), then once more.
  const fresh = await refreshSession(token)
  if (fresh) await askWorker(worker, { type: 'OUTBOX_REPLAY', token: fresh }, ReplayResultSchema)
}

async function replayAll() {
  if (navigator.onLine === false) return
  const token = useSession.getState().token
  const owner = tokenSubject(token)
  if (!token || !owner) return
  await replayPageQueue(owner)
  await replayWorkerQueue(token)
}

let tail: Promise<void> = Promise.resolve()
let waiting: Promise<void> | null = null

/**
 * Sends what waits, with the page's own (fresh) token. Tabs take turns (a Web Lock) and calls made while one runs
 * share one more run after it, so two triggers do not send the same request twice.
 */
export function replayOutbox(): Promise<void> {
  if (waiting) return waiting
  const run = tail
    .then(() => {
      waiting = null
      return navigator.locks ? navigator.locks.request(REPLAY_LOCK, replayAll) : replayAll()
    })
    .catch(() => undefined)
  waiting = run
  tail = run
  return run
}

let started = false

/** Replays now (the app starts) and whenever the network returns. Safe to call any number of times. */
export function startOutbox() {
  if (started) return
  started = true
  openChannel()
  window.addEventListener('online', () => void replayOutbox())
  void replayOutbox()
}
