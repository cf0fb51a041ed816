/**
 * The SMS area: codes sent to a phone (signup, password reset), their checks and limits, and the sender every text
 * goes out through (Eskiz, or the dev adapter that only logs). Takes the users and the attempts; gives `app.sms`
 * (the service, the sender, and the dev adapter when it is the one configured).
 */
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createDevSms, type DevSms } from '#server/adapters/sms/dev-sms.ts'
import { createEskizSms } from '#server/adapters/sms/eskiz-sms.ts'
import type { SmsSender } from '#server/adapters/sms/sms-sender.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { maskPhone } from '#server/lib/phone-mask.ts'
import { defineRetention } from '#server/lib/retention.ts'
import type { AttemptsRepository } from '#server/modules/attempts/repository.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import { smsRoutes } from './routes.ts'
import { createSmsService, type SmsService } from './service.ts'

export type SmsContext = AreaContext & {
  users: UsersRepository
  attempts: AttemptsRepository
  /** Replaces the adapter the config names (tests that play a failing provider). */
  smsSender?: SmsSender
}
export type SmsPort = { service: SmsService; sender: SmsSender; devSms?: DevSms }

export const smsArea = fp<SmsContext>(
  async (app, { database: { db }, config, clock, jobs, metrics, users, attempts, smsSender }) => {
    const devSms =
      config.SMS_PROVIDER === 'dev' ? createDevSms({ now: clock.now, log: logDevSms(app) }) : undefined
    const sender =
      smsSender ??
      devSms?.sender ??
      createEskizSms({
        baseUrl: config.ESKIZ_BASE_URL,
        email: config.ESKIZ_EMAIL ?? '',
        password: config.ESKIZ_PASSWORD ?? '',
        from: config.ESKIZ_FROM,
      })
    const sms = createSmsService({ db, users, attempts, sender, clock, secret: config.JWT_SECRET })
    defineRetention({ jobs, metrics, config }, 'sms', () => sms.purgeOld(config.RETENTION_SMS_CODES_DAYS))
    await app.register(smsRoutes, { sms })
    app.decorate('sms', { service: sms, sender, devSms } satisfies SmsPort)
  },
  { name: 'sms-area' },
)

function logDevSms(app: FastifyInstance) {
  // The dev adapter exists to show the code to a developer, so here (and only here) the text is logged.
  return (message: { phone: string; text: string }) =>
    app.log.info({ to: maskPhone(message.phone), sms: message.text }, 'dev SMS')
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsPort
  }
}
