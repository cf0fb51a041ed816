/**
 * Once the app is closing (server/main.ts on SIGTERM), a request arriving on a connection that is still open
 * (keep-alive) is answered 503 `not_ready` with `Connection: close`: the proxy retries it on another process, and
 * the connection ends so it cannot hold this one open. Requests already running finish as usual.
 */
import fp from 'fastify-plugin'
import { AppError } from '#server/lib/app-error.ts'
import { errorBodyOf } from './errors.ts'

export const closingPlugin = fp(
  async (app) => {
    let closing = false
    app.addHook('preClose', async () => {
      closing = true
    })
    app.addHook('onRequest', async (request, reply) => {
      if (!closing) return
      reply.header('connection', 'close')
      return reply
        .status(503)
        .send(errorBodyOf(new AppError('server', 'not_ready', { status: 503 }), request.locale))
    })
  },
  { name: 'closing', dependencies: ['locale'] },
)
