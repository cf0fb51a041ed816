/**
 * The request id that ties together every log line of one piece of work: Fastify's `reqId` on a request's lines,
 * the `X-Request-Id` header of its answer, and the `requestId` of a background job the request started, so that a
 * job's lines can be found from the request that queued it (and the other way round).
 *
 * A job queue puts `currentRequestId()` into the job's data when it sends one, and its worker runs the job inside
 * `withRequestId(data.requestId, work)` and logs with `{ reqId: data.requestId }`.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'

export const REQUEST_ID_HEADER = 'x-request-id'

/** An id a proxy in front may hand us: short, and nothing a log line or a header could be broken with. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/

const storage = new AsyncLocalStorage<{ requestId: string }>()

/** The id of a request: the one the proxy in front gave (`X-Request-Id`) when it is safe to repeat, else a new one. */
export function requestIdFor(given: string | string[] | undefined): string {
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID()
}

/** The id of the request (or job) this code runs for; undefined outside one (a timer, the start). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

/** Runs `work` as part of request `requestId`: `currentRequestId()` answers it anywhere inside. */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? work() : storage.run({ requestId }, work)
}
