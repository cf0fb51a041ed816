/**
 * The email area (docs/decisions/027-email.md): verification links for a person's address, notification mails as
 * durable send jobs (a bounce switches the address off), and one-click unsubscribe. Mail goes through SMTP
 * (`SMTP_URL`), or, without it outside production, into the dev mailbox (`GET /api/dev/mail?to=`). Takes the users
 * and a way to drop a cached profile (the auth area's); gives `app.email` (the service, the notifier's delivery, the dev mailbox
 * when it is the one sending).
 */
import fp from 'fastify-plugin'
import { createDevMail, type DevMailbox } from '#server/adapters/mail/dev-mail.ts'
import type { MailSender } from '#server/adapters/mail/mail-sender.ts'
import { createSmtpMail } from '#server/adapters/mail/smtp-mail.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { defineRetention } from '#server/lib/retention.ts'
import type { EmailDelivery } from '#server/modules/notifications/ports.ts'
import { presentProfile } from '#server/modules/users/present-profile.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import { createEmailRepository } from './repository.ts'
import { emailRoutes } from './routes.ts'
import { createEmailService, type EmailService } from './service.ts'

export type EmailContext = AreaContext & {
  users: UsersRepository
  /** Drops a person's cached profile (the auth area's cache) once verifying or a bounce changed it. */
  forgetUser: (userId: number) => Promise<void>
  /** Replaces the sender the config names (tests that play a mail server). */
  mailSender?: MailSender
}
export type EmailPort = { service: EmailService; delivery: EmailDelivery; devMail: DevMailbox | undefined }

export const emailArea = fp<EmailContext>(
  async (app, { database: { db }, config, clock, jobs, metrics, users, forgetUser, mailSender }) => {
    const smtp = config.SMTP_URL
      ? createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM })
      : undefined
    // Production never keeps mail in memory: without SMTP_URL there, e-mail is off.
    const devMail =
      mailSender || smtp || config.NODE_ENV === 'production' ? undefined : createDevMail({ now: clock.now })
    if (smtp) app.addHook('onClose', async () => smtp.close())
    const repo = createEmailRepository(db)
    const email = createEmailService({
      repo,
      jobs,
      sender: mailSender ?? smtp ?? devMail?.sender,
      clock,
      appUrl: config.PUBLIC_URL,
      secret: config.JWT_SECRET,
      profileOf: async (userId) => presentProfile((await users.findById(userId))!, clock.now()),
      forgetUser,
      bouncesTo: config.MAIL_BOUNCES_TO,
    })
    defineRetention({ jobs, metrics, config }, 'email', () => email.deleteExpired())
    await app.register(emailRoutes, { email, bounceSecret: config.MAIL_BOUNCE_SECRET })
    app.decorate('email', { service: email, delivery: email.delivery, devMail } satisfies EmailPort)
  },
  { name: 'email-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    email: EmailPort
  }
}
