import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import type { DevSms } from '#server/adapters/sms/dev-sms.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'

/** Registered only with the dev SMS adapter: lets a developer or an e2e test read the code that was "sent". */
export async function devRoutes(app: FastifyInstance, { devSms }: { devSms: DevSms }) {
  contractRoute(app, endpoints.devSms, ({ query }) => ({ messages: devSms.messagesFor(query.phone) }))
}
