/**
 * The dev area: `/api/dev/sms`, the codes the dev SMS adapter would have sent, `/api/dev/mail`, the mails the dev
 * mailbox kept, and `/api/dev/telegram`, the dev bot's messages and a way to play its Telegram user, for a developer
 * without a provider, a mail server or a bot. Takes the dev adapters (when they are the ones configured) and
 * Telegram's service; gives nothing.
 */
import fp from 'fastify-plugin'
import type { DevMailbox } from '#server/adapters/mail/dev-mail.ts'
import type { DevSms } from '#server/adapters/sms/dev-sms.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { devRoutes, type DevTelegram } from './routes.ts'

export const devArea = fp<
  Pick<AreaContext, 'config' | 'clock'> & {
    devSms: DevSms | undefined
    devMail: DevMailbox | undefined
    devTelegram: DevTelegram | undefined
  }
>(
  async (app, { config, clock, devSms, devMail, devTelegram }) => {
    // Production refuses the dev adapters at start (config.ts); an app built around them still never serves them.
    if (config.NODE_ENV !== 'production')
      await app.register(devRoutes, { devSms, devMail, devTelegram, clock })
  },
  { name: 'dev-area' },
)
