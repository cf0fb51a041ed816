import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { rateLimited } from '#server/lib/app-error.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { SMS_RULES, type SmsService } from './service.ts'

/** The query's phone as digits, so `+998 90…` and `99890…` share one budget. */
const phoneOf = (request: FastifyRequest) =>
  String((request.query as { phone?: unknown } | undefined)?.phone ?? '')
    .replace(/\D/g, '')
    .slice(-9)

export async function smsRoutes(app: FastifyInstance, { sms }: { sms: SmsService }) {
  // Whether a phone is registered is worth a list of our users to a scraper: a budget per address and per phone,
  // both counted on every check (the plugin's own hooks stop at the first limit a request meets).
  const window = { timeWindow: SMS_RULES.CHECKS_WINDOW_S * 1000 }
  const budgets = [
    app.createRateLimit({
      ...window,
      max: SMS_RULES.CHECKS_PER_IP,
      keyGenerator: (request) => `sms-check:ip:${request.ip}`,
    }),
    app.createRateLimit({
      ...window,
      max: SMS_RULES.CHECKS_PER_PHONE,
      keyGenerator: (request) => `sms-check:phone:${phoneOf(request)}`,
    }),
  ]
  const withinBudgets: onRequestHookHandler = async (request) => {
    for (const budget of budgets) {
      const spent = await budget(request)
      if (!spent.isAllowed && spent.isExceeded) throw rateLimited('too_many_requests', spent.ttlInSeconds)
    }
  }
  contractRoute(
    app,
    endpoints.smsCheck,
    async ({ query }) => ({ status: await sms.isRegistered(query.phone) }),
    { limits: [withinBudgets] },
  )

  contractRoute(app, endpoints.smsSend, ({ body, request }) =>
    sms.send({ ...body, ip: request.ip, locale: request.locale }),
  )

  contractRoute(app, endpoints.smsVerify, ({ body, request }) => sms.verify({ ...body, ip: request.ip }))
}
