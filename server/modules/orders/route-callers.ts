// Who calls an orders route: the caller when there is one (guests may call too), and the request's idempotency key.
import type { FastifyInstance, FastifyRequest } from 'fastify'

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/

/** The client's Idempotency-Key header, when it is a sensible one (a UUID, as the web app sends). */
export const idempotencyKeyOf = (request: FastifyRequest) => {
  const key = request.headers['idempotency-key']
  return typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? key : undefined
}

/** The caller on a route guests may call too; a bad token reads as a guest. */
export const optionalCallerOf = (app: FastifyInstance) => async (request: FastifyRequest) =>
  request.headers.authorization
    ? app
        .authenticate(request)
        .then(() => request.user)
        .catch(() => undefined)
    : undefined
