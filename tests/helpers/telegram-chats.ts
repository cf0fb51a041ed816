import { expect } from 'vitest'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import type { startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { send, type Caller } from '#tests/helpers/specialists.ts'
import type { TestApp } from '#tests/helpers/test-app.ts'

type FakeBotApi = Awaited<ReturnType<typeof startFakeBotApi>>
type Keyboard = { inline_keyboard: { text: string; url?: string; callback_data?: string }[][] }

/**
 * People chatting with the bot through the fake Bot API: linking their Telegram, their notification switches, what
 * the bot sent them, and a tap on a button of its messages. Telegram ids and update ids start at `firstId`.
 */
export function telegramChats(t: TestApp, bot: FakeBotApi, secret: string, firstId = 90_000) {
  let telegramIds = firstId
  let updateIds = firstId
  const post = (update: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: TELEGRAM_WEBHOOK_PATH,
      headers: { [TELEGRAM_SECRET_HEADER]: secret },
      payload: { update_id: ++updateIds, ...update },
    })
  const settled = async () => {
    await t.app.services.events.settled()
    await jobsSettled(t.db)
  }
  const messagesTo = (chat: number) =>
    bot.calls.filter((call) => call.method === 'sendMessage' && String(call.payload.chat_id) === String(chat))

  return {
    /** Waits until the events are told and the jobs they made have run. */
    settled,

    /** Links the caller to a new Telegram user (the settings' link, then `/start`); answers its chat. */
    async linkTelegram(caller: Caller) {
      const chat = ++telegramIds
      const { link } = (await send(t, 'POST', '/profile/telegram/link', caller)).json<{ link: string }>()
      await post({
        message: {
          text: `/start ${new URL(link).searchParams.get('start')}`,
          chat: { id: chat, type: 'private' },
          from: { id: chat, language_code: 'ru' },
        },
      })
      await jobsSettled(t.db)
      bot.calls.length = 0
      return chat
    },

    /** Turns the Telegram channel of these kinds on (or off) in the caller's notification settings. */
    async telegramFor(caller: Caller, kinds: string[], on = true) {
      const response = await send(t, 'PUT', '/profile/notification/settings', caller, {
        kinds: Object.fromEntries(kinds.map((kind) => [kind, { telegram: on }])),
      })
      expect(response.statusCode, response.body).toBe(200)
    },

    /** What the bot sent to a chat once the jobs ran: text and the first button's address. */
    async sentTo(chat: number) {
      await settled()
      return messagesTo(chat).map((call) => {
        const [[button]] = (call.payload.reply_markup as Keyboard).inline_keyboard as [
          [{ text: string; url: string }],
        ]
        return { text: call.payload.text as string, button: button.text, url: new URL(button.url).pathname }
      })
    },

    /** The messages the bot sent to a chat as Telegram took them (text, buttons, options). */
    async messagesTo(chat: number) {
      await settled()
      return messagesTo(chat).map((call) => ({
        messageId: call.messageId!,
        text: call.payload.text as string,
        keyboard: (call.payload.reply_markup as Keyboard | undefined)?.inline_keyboard ?? [],
        silent: call.payload.disable_notification === true,
      }))
    },

    /** The person in `chat` taps a button carrying `data` under message `messageId`; answers the tap's notice. */
    async tap(chat: number, data: string, messageId = 1) {
      const tapId = `tap-${updateIds + 1}`
      await post({
        callback_query: {
          id: tapId,
          from: { id: chat, language_code: 'ru' },
          data,
          message: { message_id: messageId, chat: { id: chat, type: 'private' } },
        },
      })
      await settled()
      const answer = bot.calls.find(
        (call) => call.method === 'answerCallbackQuery' && call.payload.callback_query_id === tapId,
      )
      return answer?.payload.text as string | undefined
    },
  }
}
