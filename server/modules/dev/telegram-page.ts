// The dev bot's chat as a page (`npm start` with no bot token): what the bot sent a Telegram user, with its buttons,
// and forms that write, tap and share the user's contact as Telegram would. Plain HTML with no script, like the
// payment sandbox, so the content security policy holds.
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { TELEGRAM_DEV_PAGE_PATH } from '#contract/telegram-endpoints.ts'
import { normalizePhone } from '#contract/schemas/phone.ts'
import type { DevBot, DevBotMessage } from '#server/adapters/telegram/bot-api.ts'
import { serverText } from '#server/i18n/catalog.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { TelegramService, TelegramUpdate } from '#server/modules/telegram/service.ts'

const TEXTS = {
  title: /*i18n*/ { id: 'dev_telegram.title', message: 'Dev bot: the chat of Telegram user {chat}' },
  note: /*i18n*/ {
    id: 'dev_telegram.note',
    message:
      'Without a bot token the bot writes here instead of Telegram. Write to it, tap its buttons and share this user’s phone as Telegram would.',
  },
  empty: /*i18n*/ {
    id: 'dev_telegram.empty',
    message: 'The bot has not written to this user yet. Write /start.',
  },
  write: /*i18n*/ { id: 'dev_telegram.write', message: 'Message to the bot' },
  send: /*i18n*/ { id: 'dev_telegram.send', message: 'Send' },
  phone: /*i18n*/ { id: 'dev_telegram.phone', message: 'This user’s phone' },
  share: /*i18n*/ { id: 'dev_telegram.share', message: 'Share the contact' },
  miniApp: /*i18n*/ { id: 'dev_telegram.mini_app', message: 'Open the app as this user’s Mini App' },
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif;line-height:1.5;color:#1b1f23;background:#f2f6f4}
main{max-width:32rem;margin:0 auto;padding:24px 16px}
h1{font-size:1.25rem;line-height:1.3;margin:0 0 8px;overflow-wrap:anywhere}
.note{color:#4a5560;margin:0 0 16px}
ol{list-style:none;margin:0 0 16px;padding:0;display:grid;gap:12px}
li{background:#fff;border:1px solid #d5dbe0;border-radius:12px;padding:12px}
li p{margin:0 0 8px;white-space:pre-wrap;overflow-wrap:anywhere}
.buttons{display:flex;flex-wrap:wrap;gap:8px}
form{display:flex;flex-wrap:wrap;gap:8px;margin:0}
label{display:block;width:100%;font-weight:600}
input{font:inherit;flex:1 1 12rem;min-height:44px;padding:8px 12px;border:1px solid #4a5560;border-radius:12px}
button,a.button{font:inherit;font-weight:600;min-height:44px;padding:8px 14px;border-radius:12px;border:2px solid #0b6e4f;background:#fff;color:#08573e;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
button.primary{background:#0b6e4f;color:#fff}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
`
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`
const PAGE_POLICY = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`

/** How long a form's answer waits for the bot's reply (the update is a job) before showing the chat anyway. */
const REPLY_WAIT_MS = 5_000

function buttonsOf(message: DevBotMessage, chat: string, miniApp: string) {
  const buttons = (message.buttons ?? []).flat().map((button) => {
    if ('callback' in button)
      return `<form method="post" action="${TELEGRAM_DEV_PAGE_PATH}"><input type="hidden" name="chat_id" value="${escapeHtml(chat)}"><input type="hidden" name="tap" value="${escapeHtml(button.callback)}"><button type="submit">${escapeHtml(button.text)}</button></form>`
    // The Mini App opens with launch data the dev bot signs; another address opens as it is.
    const href = 'webApp' in button ? miniApp : button.url
    return `<a class="button" href="${escapeHtml(href)}">${escapeHtml(button.text)}</a>`
  })
  return buttons.length ? `<div class="buttons">${buttons.join('')}</div>` : ''
}

function page(chat: string, messages: DevBotMessage[], miniApp: string, locale: Locale) {
  const text = (key: keyof typeof TEXTS) => serverText(TEXTS[key], locale)
  const asksContact = messages.at(-1)?.askContact
  const hidden = `<input type="hidden" name="chat_id" value="${escapeHtml(chat)}">`
  const items = messages
    .map((message) => `<li><p>${escapeHtml(message.text)}</p>${buttonsOf(message, chat, miniApp)}</li>`)
    .join('\n')
  return `<!doctype html>
<html lang="${locale === 'oz' ? 'uz-Latn' : locale === 'uz' ? 'uz-Cyrl' : locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text('title').replace('{chat}', chat))}</title>
<style>${STYLE}</style></head>
<body>
<main>
<h1>${escapeHtml(text('title').replace('{chat}', chat))}</h1>
<p class="note">${escapeHtml(text('note'))}</p>
${items ? `<ol>${items}</ol>` : `<p>${escapeHtml(text('empty'))}</p>`}
${
  asksContact
    ? `<form method="post" action="${TELEGRAM_DEV_PAGE_PATH}">${hidden}<label for="phone">${escapeHtml(text('phone'))}</label><input id="phone" name="contact_phone" inputmode="tel" autocomplete="tel" value="+998"><button type="submit" class="primary">${escapeHtml(asksContact)}</button></form>`
    : ''
}
<form method="post" action="${TELEGRAM_DEV_PAGE_PATH}">${hidden}<label for="text">${escapeHtml(text('write'))}</label><input id="text" name="text" maxlength="4096" required><button type="submit" class="primary">${escapeHtml(text('send'))}</button></form>
<p><a href="${escapeHtml(miniApp)}">${escapeHtml(text('miniApp'))}</a></p>
</main>
</body>
</html>
`
}

/** The update a form makes, as Telegram would post it; undefined for a form that is not one. */
function updateOf(
  form: URLSearchParams,
  updateId: number,
  tappedMessage: (chat: string, tap: string) => number,
): { chat: string; update: TelegramUpdate } | undefined {
  const chat = form.get('chat_id') ?? ''
  if (!/^\d{1,15}$/.test(chat)) return undefined
  const id = Number(chat)
  const room = { id, type: 'private' }
  const from = { id, language_code: 'ru' }
  const tap = form.get('tap')
  if (tap && tap.length <= 64) {
    const message = { message_id: tappedMessage(chat, tap), chat: room }
    const callback_query = { id: String(updateId), from, data: tap, message }
    return { chat, update: { update_id: updateId, callback_query } }
  }
  const phone = normalizePhone(form.get('contact_phone') ?? '')
  if (phone)
    return {
      chat,
      update: {
        update_id: updateId,
        message: { chat: room, from, contact: { phone_number: `+${phone}`, user_id: id } },
      },
    }
  const written = form.get('text')?.trim()
  if (written && written.length <= 4096)
    return { chat, update: { update_id: updateId, message: { chat: room, from, text: written } } }
  return undefined
}

export async function devTelegramPage(
  app: FastifyInstance,
  options: {
    bot: DevBot
    telegram: Pick<TelegramService, 'receive'>
    miniAppOf: (chat: string) => string
    nextUpdateId: () => number
  },
) {
  const { bot, telegram, miniAppOf, nextUpdateId } = options
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, body),
  )
  const show = (chat: string, locale: Locale) => page(chat, bot.messagesTo(chat), miniAppOf(chat), locale)

  app.get(TELEGRAM_DEV_PAGE_PATH, async (request, reply) => {
    const chat = new URLSearchParams(request.url.split('?')[1] ?? '').get('chat_id') ?? '42'
    const shown = /^\d{1,15}$/.test(chat) ? chat : '42'
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_POLICY)
      .send(show(shown, request.locale))
  })

  app.post(TELEGRAM_DEV_PAGE_PATH, async (request, reply) => {
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '')
    // A button is tapped on the newest message that has it, as a person taps what they see last.
    const tappedMessage = (chat: string, tap: string) =>
      bot
        .messagesTo(chat)
        .findLast(({ buttons }) =>
          buttons?.flat().some((button) => 'callback' in button && button.callback === tap),
        )?.messageId ?? 0
    const made = updateOf(form, nextUpdateId(), tappedMessage)
    if (!made) return reply.redirect(TELEGRAM_DEV_PAGE_PATH, 303)
    const before = JSON.stringify(bot.messagesTo(made.chat))
    await telegram.receive(made.update)
    // The bot answers from a job: the page waits a moment for it, so the reply is on the page it goes back to.
    for (let waited = 0; waited < REPLY_WAIT_MS; waited += 100) {
      if (JSON.stringify(bot.messagesTo(made.chat)) !== before) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return reply.redirect(`${TELEGRAM_DEV_PAGE_PATH}?chat_id=${made.chat}`, 303)
  })
}
