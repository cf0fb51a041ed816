import { afterAll, describe, expect, it } from 'vitest'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const bot = await startFakeBotApi()
afterAll(() => bot.close())
const t = useTestApp({
  config: {
    TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx',
    TELEGRAM_WEBHOOK_SECRET: 'webhook-secret-of-the-tests-0123456789',
    TELEGRAM_API_ROOT: bot.apiRoot,
    TELEGRAM_MODE: 'polling',
  },
})

const textsTo = (chat: number) => bot.textsTo(chat)

describe('TELEGRAM_MODE=polling', () => {
  it('removes the webhook, takes each update with getUpdates once, and answers it as the webhook would', async () => {
    await t.app.ready()
    const message = (updateId: number, chat: number, text: string) => ({
      update_id: updateId,
      message: {
        message_id: updateId,
        date: 0,
        text,
        chat: { id: chat, type: 'private' },
        from: { id: chat },
      },
    })
    bot.pushUpdate(message(1, 7_001, '/start'))
    bot.pushUpdate({ update_id: 2, ...{ edited_message: { text: 'not read' } } })
    bot.pushUpdate(message(3, 7_002, '/start'))
    // The poller asks past the last update only once it has handed all three over (as jobs); each is answered by
    // its job. Waited for as events, not on a clock: a loaded machine takes as long as it takes.
    await bot.callMade((call) => call.method === 'getUpdates' && call.payload.offset === 4)
    await jobsSettled(t.db)
    expect([textsTo(7_001), textsTo(7_002)]).toEqual([
      [botText('chooseLanguage', 'ru')],
      [botText('chooseLanguage', 'ru')],
    ])
    const methods = bot.calls.map((call) => call.method)
    expect(methods.indexOf('deleteWebhook')).toBeLessThan(methods.indexOf('getUpdates'))
    expect(bot.calls.find((call) => call.method === 'getUpdates')!.payload.allowed_updates).toEqual([
      'message',
      'callback_query',
      'inline_query',
    ])
  })
})
