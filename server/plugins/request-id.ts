/**
 * Every answer carries its request's id (`X-Request-Id`, the `reqId` of its log lines), and the code a request runs
 * knows it (`currentRequestId()`, server/lib/request-context.ts) to hand to the jobs it queues. Fastify makes the
 * id (`genReqId` in server/app.ts), keeping the proxy's own when it is safe to repeat.
 */
import fp from 'fastify-plugin'
import { REQUEST_ID_HEADER, withRequestId } from '#server/lib/request-context.ts'

export const requestIdPlugin = fp(
  async (app) => {
    // A callback hook, so that the rest of the request's hooks and its handler run inside withRequestId.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id)
      withRequestId(request.id, done)
    })
  },
  { name: 'request-id' },
)
