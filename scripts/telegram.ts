/**
 * npm run telegram -- set-webhook | webhook-info | delete-webhook
 *
 * Tells Telegram where the bot's updates go (docs/decisions/026-telegram.md): `set-webhook` registers
 * PUBLIC_URL + /api/telegram/webhook with TELEGRAM_WEBHOOK_SECRET as its secret token (message updates only);
 * `webhook-info` prints what Telegram has; `delete-webhook` removes it. Reads TELEGRAM_BOT_TOKEN,
 * TELEGRAM_WEBHOOK_SECRET, TELEGRAM_API_ROOT and PUBLIC_URL like the server.
 */
import { fileURLToPath } from 'node:url'
import { Api } from 'grammy'
import { TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { BOT_UPDATE_KINDS } from '#server/adapters/telegram/bot-api.ts'
import { loadConfig, type Config } from '#server/config.ts'

const USAGE = 'Usage: npm run telegram -- set-webhook | webhook-info | delete-webhook'

type TelegramSettings = Pick<
  Config,
  'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_WEBHOOK_SECRET' | 'TELEGRAM_API_ROOT' | 'PUBLIC_URL'
>

/** What the command prints for its arguments; throws a usage or settings error for anything else. */
export async function runTelegramCommand(config: TelegramSettings, args: string[]): Promise<string> {
  const [verb] = args
  if (!verb || !['set-webhook', 'webhook-info', 'delete-webhook'].includes(verb)) throw new Error(USAGE)
  if (!config.TELEGRAM_BOT_TOKEN) throw new Error('Set TELEGRAM_BOT_TOKEN: the bot from @BotFather.')
  const api = new Api(config.TELEGRAM_BOT_TOKEN, { apiRoot: config.TELEGRAM_API_ROOT })
  if (verb === 'delete-webhook') {
    await api.deleteWebhook()
    return 'The webhook is removed: Telegram keeps the updates until one is set again.'
  }
  if (verb === 'set-webhook') {
    if (!config.TELEGRAM_WEBHOOK_SECRET) throw new Error('Set TELEGRAM_WEBHOOK_SECRET first.')
    const url = `${config.PUBLIC_URL}${TELEGRAM_WEBHOOK_PATH}`
    if (!url.startsWith('https://'))
      throw new Error(`Telegram posts only to https addresses: PUBLIC_URL gives ${url}`)
    await api.setWebhook(url, {
      secret_token: config.TELEGRAM_WEBHOOK_SECRET,
      allowed_updates: [...BOT_UPDATE_KINDS],
    })
    return `Telegram now posts the bot's updates to ${url}.`
  }
  const info = await api.getWebhookInfo()
  return [
    `url: ${info.url || '(none)'}`,
    `pending updates: ${info.pending_update_count}`,
    ...(info.last_error_message
      ? [
          `last error: ${info.last_error_message} at ${new Date((info.last_error_date ?? 0) * 1000).toISOString()}`,
        ]
      : []),
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(await runTelegramCommand(loadConfig(), process.argv.slice(2)))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}
