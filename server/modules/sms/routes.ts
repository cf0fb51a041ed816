import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import type { SmsService } from './service.ts'

export async function smsRoutes(app: FastifyInstance, { sms }: { sms: SmsService }) {
  contractRoute(app, endpoints.smsCheck, async ({ query }) => ({
    status: await sms.isRegistered(query.phone),
  }))

  contractRoute(app, endpoints.smsSend, ({ body, request }) =>
    sms.send({ ...body, ip: request.ip, locale: request.locale }),
  )

  contractRoute(app, endpoints.smsVerify, ({ body, request }) => sms.verify({ ...body, ip: request.ip }))
}
