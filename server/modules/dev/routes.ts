import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import type { DevMailbox } from '#server/adapters/mail/dev-mail.ts'
import type { DevSms } from '#server/adapters/sms/dev-sms.ts'
import type { DevBot } from '#server/adapters/telegram/bot-api.ts'
import type { Clock } from '#server/lib/clock.ts'
import { DEV_BOT_TOKEN } from '#server/modules/telegram/dev-bot-token.ts'
import { signInitData } from '#server/modules/telegram/init-data.ts'
import type { TelegramService } from '#server/modules/telegram/service.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { devTelegramPage } from './telegram-page.ts'

export type DevTelegram = { bot: DevBot; telegram: Pick<TelegramService, 'receive'> }

/**
 * Each registered only with its dev adapter: lets a developer or an e2e test read what was "sent", and, for the dev
 * bot, play the Telegram user: write to the bot, and open the app as a Mini App (launch data the dev bot signs).
 */
export async function devRoutes(
  app: FastifyInstance,
  {
    devSms,
    devMail,
    devTelegram,
    clock,
  }: {
    devSms: DevSms | undefined
    devMail: DevMailbox | undefined
    devTelegram: DevTelegram | undefined
    clock: Clock
  },
) {
  if (devSms)
    contractRoute(app, endpoints.devSms, ({ query }) => ({ messages: devSms.messagesFor(query.phone) }))
  if (devMail)
    contractRoute(app, endpoints.devMail, ({ query }) => ({
      mails: devMail.mailsTo(query.to).map(({ to, subject, text, html, headers, created_at }) => ({
        to,
        subject,
        text,
        html,
        headers: headers ?? {},
        created_at,
      })),
    }))
  if (!devTelegram) return
  const { bot, telegram } = devTelegram
  /** The app's address as Telegram opens it as a Mini App for this chat's user, with launch data the dev bot signs. */
  const miniAppOf = (chat: string) => {
    const launch = signInitData(DEV_BOT_TOKEN, {
      auth_date: String(Math.floor(clock.now().getTime() / 1000)),
      user: JSON.stringify({ id: Number(chat), first_name: 'Dev' }),
    })
    return `/#tgWebAppData=${encodeURIComponent(launch)}&tgWebAppVersion=8.0&tgWebAppPlatform=unknown`
  }
  // Telegram numbers its updates; the dev bot's go on from the time, so none repeats one an earlier run took.
  let updateId = Date.now()
  await app.register(devTelegramPage, { bot, telegram, miniAppOf, nextUpdateId: () => ++updateId })
  contractRoute(app, endpoints.devTelegram, ({ query }) => {
    return {
      mini_app: miniAppOf(query.chat_id),
      messages: bot.messagesTo(query.chat_id).map(({ messageId, text, buttons, askContact }) => ({
        message_id: messageId,
        text,
        buttons: (buttons ?? []).flat().map((button) => ({
          text: button.text,
          ...('url' in button && { url: button.url }),
          ...('webApp' in button && { web_app: button.webApp }),
          ...('callback' in button && { callback_data: button.callback }),
        })),
        asks_contact: askContact !== undefined,
      })),
    }
  })
  contractRoute(app, endpoints.devTelegramMessage, async ({ body }) => {
    const chat = { id: body.chat_id, type: 'private' }
    const from = { id: body.chat_id, ...(body.language_code && { language_code: body.language_code }) }
    if (body.tap !== undefined) {
      // The tap is on the newest message that has that button, as a person taps what they see last.
      const tapped = bot
        .messagesTo(String(body.chat_id))
        .findLast(({ buttons }) =>
          buttons?.flat().some((button) => 'callback' in button && button.callback === body.tap),
        )
      await telegram.receive({
        update_id: ++updateId,
        callback_query: {
          id: String(updateId),
          from,
          data: body.tap,
          ...(tapped && { message: { message_id: tapped.messageId, chat } }),
        },
      })
      return { ok: true }
    }
    await telegram.receive({
      update_id: ++updateId,
      message: {
        chat,
        from,
        ...(body.text !== undefined && { text: body.text }),
        ...(body.contact_phone !== undefined && {
          contact: { phone_number: `+${body.contact_phone}`, user_id: body.chat_id },
        }),
      },
    })
    return { ok: true }
  })
}
