import { afterAll, describe, expect, it } from 'vitest'
import { startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { runTelegramCommand } from '../../scripts/telegram.ts'

const bot = await startFakeBotApi()
afterAll(() => bot.close())
const settings = {
  TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx',
  TELEGRAM_WEBHOOK_SECRET: 'webhook-secret-of-the-tests-0123456789',
  TELEGRAM_API_ROOT: bot.apiRoot,
  PUBLIC_URL: 'https://fika.example',
}

describe('npm run telegram', () => {
  it('registers the webhook with its secret, shows it, and removes it', async () => {
    expect(await runTelegramCommand(settings, ['set-webhook'])).toContain(
      'https://fika.example/api/telegram/webhook',
    )
    expect(bot.calls.at(-1)).toMatchObject({
      method: 'setWebhook',
      payload: {
        url: 'https://fika.example/api/telegram/webhook',
        secret_token: settings.TELEGRAM_WEBHOOK_SECRET,
        allowed_updates: ['message', 'callback_query', 'inline_query'],
      },
    })
    expect(await runTelegramCommand(settings, ['webhook-info'])).toContain(
      'url: https://fika.example/api/telegram/webhook',
    )
    await runTelegramCommand(settings, ['delete-webhook'])
    expect(await runTelegramCommand(settings, ['webhook-info'])).toContain('url: (none)')
  })

  it('refuses without a token, without a secret, for an http address, and names its usage', async () => {
    await expect(
      runTelegramCommand({ ...settings, TELEGRAM_BOT_TOKEN: undefined }, ['set-webhook']),
    ).rejects.toThrow('TELEGRAM_BOT_TOKEN')
    await expect(
      runTelegramCommand({ ...settings, TELEGRAM_WEBHOOK_SECRET: undefined }, ['set-webhook']),
    ).rejects.toThrow('TELEGRAM_WEBHOOK_SECRET')
    await expect(
      runTelegramCommand({ ...settings, PUBLIC_URL: 'http://localhost:8080' }, ['set-webhook']),
    ).rejects.toThrow('https')
    await expect(runTelegramCommand(settings, ['launch'])).rejects.toThrow('Usage')
    expect(bot.calls.filter((call) => call.method === 'setWebhook')).toHaveLength(1)
  })
})
