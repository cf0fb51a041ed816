import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'

/**
 * What Telegram posts to the server's webhook when the user `telegramId` opens a "Connect Telegram" link:
 * `/start <token>`. Answers the webhook's Response (200 once the update is taken; the bot's work is a job).
 */
export function postStartFromLink(server: string, secret: string, link: string, telegramId: number) {
  return fetch(new URL(TELEGRAM_WEBHOOK_PATH, server), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TELEGRAM_SECRET_HEADER]: secret },
    body: JSON.stringify({
      update_id: telegramId,
      message: {
        text: `/start ${new URL(link).searchParams.get('start')}`,
        chat: { id: telegramId, type: 'private' },
        from: { id: telegramId, language_code: 'ru' },
      },
    }),
  })
}
