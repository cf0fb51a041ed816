/// <reference lib="webworker" />
import * as v from 'valibot'
import { Queue } from 'workbox-background-sync'
import { registerRoute } from 'workbox-routing'
import {
  IDEMPOTENCY_HEADER,
  isOutboxRoute,
  OUTBOX_CHANNEL,
  OUTBOX_HEADER,
  OUTBOX_KINDS,
  OUTBOX_QUEUED,
  OutboxEntrySchema,
  OutboxRequestSchema,
  tokenSubject,
  type OutboxEntry,
  type OutboxMessage,
  type ReplayResult,
} from '#contract/outbox.ts'

declare const self: ServiceWorkerGlobalScope

type QueuedRequest = NonNullable<Awaited<ReturnType<Queue['shiftRequest']>>>

const RETENTION_MIN = 7 * 24 * 60
const channel = 'BroadcastChannel' in self ? new BroadcastChannel(OUTBOX_CHANNEL) : undefined
const announce = (message: OutboxMessage) => channel?.postMessage(message)

const bearerOf = (request: Request) => request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null

function withToken(request: Request, token: string) {
  const headers = new Headers(request.headers)
  headers.set('authorization', `Bearer ${token}`)
  return new Request(request, { headers })
}

const bodyOf = (response: Response) => response.json().catch(() => null) as Promise<unknown>

// NOTE: an answer that says "try later" keeps the request: 401 (the token stored with it has expired; the page
// replays it with a fresh one), 429 and 5xx. Any other answer, refusals included, is final and announced.
const isFinal = (status: number) => status !== 401 && status !== 429 && status < 500

let running: Promise<unknown> = Promise.resolve()
/** One replay at a time, whoever starts it (Background Sync or a page): a request is never sent twice at once. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const next = running.then(task, task)
  running = next.catch(() => undefined)
  return next
}

/**
 * Sends the queued requests in order. With `token` (from a page, fresh) only that user's requests go, with that
 * token; without it (Background Sync) each goes with the token it was queued with.
 */
async function replay(token?: string): Promise<ReplayResult & { offline: boolean }> {
  const owner = token === undefined ? undefined : tokenSubject(token)
  const putBack: QueuedRequest[] = []
  const outcome = { unauthorized: false, offline: false }
  try {
    for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
      const meta = v.safeParse(OutboxEntrySchema, entry.metadata)
      // Only this file queues, always with metadata; anything else is not ours to send.
      if (!meta.success) continue
      if (owner !== undefined && meta.output.owner !== owner) {
        putBack.push(entry)
        continue
      }
      // NOTE: a clone is sent: sending a request uses up its body, and one put back must still have it.
      const sent = entry.request.clone()
      const response = await fetch(token ? withToken(sent, token) : sent).catch(() => null)
      if (!response || !isFinal(response.status)) {
        putBack.push(entry)
        outcome.offline = !response
        outcome.unauthorized = response?.status === 401
        break
      }
      announce({
        type: 'delivered',
        kind: meta.output.kind,
        idempotencyKey: meta.output.idempotencyKey,
        ok: response.ok,
        status: response.status,
        data: await bodyOf(response),
      })
    }
  } finally {
    // Back at the head of the queue, in their order, ahead of what was not reached.
    for (const entry of putBack.reverse()) await queue.unshiftRequest(entry)
    announce({ type: 'changed' })
  }
  return outcome
}

const queue = new Queue('fika-outbox', {
  maxRetentionTime: RETENTION_MIN,
  // The browser's Background Sync (or, without it, the worker's start). Throwing asks the browser to try again
  // later; a refused token does not, since only a page can get a fresh one.
  onSync: async () => {
    if ((await oneAtATime(() => replay())).offline) throw new Error('The outbox is still offline')
  },
})

async function queuedEntries(): Promise<OutboxEntry[]> {
  return (await queue.getAll()).flatMap((entry) => {
    const meta = v.safeParse(OutboxEntrySchema, entry.metadata)
    return meta.success ? [meta.output] : []
  })
}

/** A publish or a reply the page marked for the outbox: sent now, or kept and answered 202 `queued`. */
async function sendOrKeep(request: Request): Promise<Response> {
  const kept = request.clone()
  try {
    return await fetch(request)
  } catch (error) {
    const kind = v.safeParse(v.picklist(OUTBOX_KINDS), request.headers.get(OUTBOX_HEADER))
    const idempotencyKey = request.headers.get(IDEMPOTENCY_HEADER)
    if (!kind.success || !idempotencyKey) throw error
    // The same intent sent twice while offline (a second tap, a reload) is kept once.
    if (!(await queuedEntries()).some((entry) => entry.idempotencyKey === idempotencyKey)) {
      const metadata: OutboxEntry = {
        kind: kind.output,
        idempotencyKey,
        createdAt: Date.now(),
        owner: tokenSubject(bearerOf(request)),
      }
      await queue.pushRequest({ request: kept, metadata })
      announce({ type: 'changed' })
    }
    return Response.json({ queued: true }, { status: 202, headers: { [OUTBOX_HEADER]: OUTBOX_QUEUED } })
  }
}

/** Queues publishes and replies that fail for want of a network; every other request is untouched. */
export function registerOutbox() {
  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin &&
      isOutboxRoute(request.method, url.pathname) &&
      request.headers.has(OUTBOX_HEADER) &&
      request.headers.has(IDEMPOTENCY_HEADER),
    ({ request }) => sendOrKeep(request),
    'POST',
  )

  self.addEventListener('message', (event) => {
    const message = v.safeParse(OutboxRequestSchema, event.data)
    const port = event.ports[0]
    if (!message.success || !port) return
    const { output } = message
    const answer =
      output.type === 'OUTBOX_REPLAY'
        ? oneAtATime(() => replay(output.token)).then(({ unauthorized }) => ({ unauthorized }))
        : queuedEntries()
    event.waitUntil(answer.then((data) => port.postMessage(data)))
  })
}
