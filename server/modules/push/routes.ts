import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { PushService } from './service.ts'

export async function pushRoutes(app: FastifyInstance, { push }: { push: PushService }) {
  contractRoute(app, endpoints.pushConfig, () => push.config())
  contractRoute(app, endpoints.subscribePush, ({ body, request }) =>
    push.subscribe(request.user!, body, request.locale),
  )
  contractRoute(app, endpoints.renewPush, ({ body }) => push.renew(body.old_endpoint, body.subscription))
  contractRoute(app, endpoints.unsubscribePush, ({ body, request }) =>
    push.unsubscribe(request.user!, body.endpoint),
  )
}
