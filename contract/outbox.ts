import * as v from 'valibot'
import { V1 } from './endpoint.ts'

/**
 * The offline outbox (docs/decisions/006-offline-outbox.md): what the web app and the service worker agree on.
 * Only a publish, a reply and a step of the day are ever queued; each carries an Idempotency-Key (a step also as its
 * `client_key`), so a replay cannot create a second row.
 */
export const OUTBOX_KINDS = ['publish-order', 'reply', 'progress'] as const
export type OutboxKind = (typeof OUTBOX_KINDS)[number]

/** On a request: the page asks the service worker to queue it if the network fails (its value is the kind).
 *  On an answer: `queued` means the service worker kept the request instead of a server answer. */
export const OUTBOX_HEADER = 'x-fika-outbox'
export const OUTBOX_QUEUED = 'queued'
export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** Deliveries and queue changes are announced to every open tab on this BroadcastChannel. */
export const OUTBOX_CHANNEL = 'fika-outbox'

const ORDERS_PATH = new RegExp(`^${V1.replaceAll('.', '\\.')}/orders(/\\d+/(replies|progress))?$`)

/** The routes whose POSTs may be queued: publish an order, reply to one, a specialist's step of the day. */
export const isOutboxRoute = (method: string, pathname: string) =>
  method === 'POST' && ORDERS_PATH.test(pathname)

/** Who a queued request belongs to: the subject of its access token (read, not verified: the server verifies). */
export function tokenSubject(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(payload.replaceAll('-', '+').replaceAll('_', '/'))
    const sub = (JSON.parse(json) as { sub?: unknown }).sub
    return typeof sub === 'string' ? sub : null
  } catch {
    return null
  }
}

/** What the page asks the service worker (through a MessageChannel, answered on its port). */
export const OutboxRequestSchema = v.union([
  /** Send what is queued for the owner of `token`, with that token (it is fresh; the stored one may not be). */
  v.object({ type: v.literal('OUTBOX_REPLAY'), token: v.string() }),
  /** List what is queued. */
  v.object({ type: v.literal('OUTBOX_LIST') }),
])
export type OutboxRequest = v.InferOutput<typeof OutboxRequestSchema>

export const OutboxEntrySchema = v.object({
  kind: v.picklist(OUTBOX_KINDS),
  idempotencyKey: v.string(),
  createdAt: v.number(),
  owner: v.nullable(v.string()),
})
export type OutboxEntry = v.InferOutput<typeof OutboxEntrySchema>

/** The answer to OUTBOX_REPLAY: whether the server refused the token (the page then refreshes it and asks again). */
export const ReplayResultSchema = v.object({ unauthorized: v.boolean() })
export type ReplayResult = v.InferOutput<typeof ReplayResultSchema>

/** What goes over OUTBOX_CHANNEL. */
export const OutboxMessageSchema = v.union([
  v.object({
    type: v.literal('delivered'),
    kind: v.picklist(OUTBOX_KINDS),
    idempotencyKey: v.string(),
    ok: v.boolean(),
    status: v.number(),
    data: v.unknown(),
  }),
  /** Something was queued or removed: lists of waiting requests should be read again. */
  v.object({ type: v.literal('changed') }),
])
export type OutboxMessage = v.InferOutput<typeof OutboxMessageSchema>
