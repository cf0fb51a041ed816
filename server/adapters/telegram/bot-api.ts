/**
 * The bot's side of Telegram's Bot API (docs/decisions/026-telegram.md): sending a message, changing a message's
 * buttons and answering a button's tap, through grammY's `Api` (TELEGRAM_API_ROOT points it at a local fake in
 * tests). Without a token (development) the dev bot keeps what it would have sent, for `GET /api/dev/telegram`, as
 * the dev SMS adapter keeps codes.
 */
import { Api, GrammyError } from 'grammy'

/**
 * A button under a message: it opens an address, opens the app as a Mini App (`webApp`), or comes back to the bot
 * as a tap carrying `callback` (at most 64 bytes).
 */
export type BotButton =
  { text: string; url: string } | { text: string; webApp: string } | { text: string; callback: string }

export type BotMessage = {
  chatId: string
  text: string
  /** Buttons under the message: each a row of its own, or a row given as an array. */
  buttons?: (BotButton | BotButton[])[]
  /** Asks for the person's phone with Telegram's own contact button (a keyboard of one button). */
  askContact?: string
  /** Takes away a keyboard an earlier message showed (the contact button). */
  removeKeyboard?: boolean
  /** Arrives without a sound (`disable_notification`): the reader's quiet hours. */
  silent?: boolean
}

/** One answer to an inline query: a card the person can send into the chat they are writing in. */
export type InlineCard = {
  id: string
  title: string
  description: string
  text: string
  buttons: { text: string; url: string }[]
}

/** Telegram refused a send: its `error_code` and, for 429, how long to wait. */
export class BotRefusal extends Error {
  readonly code: number
  readonly description: string
  readonly retryAfterS: number | undefined

  constructor(code: number, description: string, retryAfterS?: number) {
    super(`Telegram refused the send: ${code} ${description}`)
    this.code = code
    this.description = description
    this.retryAfterS = retryAfterS
  }
}

export type BotSender = {
  /** Resolves once Telegram took the message; throws BotRefusal when it answered no, anything else on the way. */
  send: (message: BotMessage) => Promise<void>
  /** Puts new buttons under a message the bot sent (a choice ticked). */
  editButtons: (chatId: string, messageId: number, buttons: BotMessage['buttons']) => Promise<void>
  /** Ends the spinner Telegram shows on a tapped button, with a short notice on the screen when given. */
  answerTap: (tapId: string, notice?: string) => Promise<void>
  /** Answers an inline query (`@bot words` in any chat); `nextOffset` asks Telegram to come back for more. */
  answerInline: (queryId: string, cards: InlineCard[], nextOffset: string) => Promise<void>
}

/** How long Telegram may keep an inline answer for the same words: the catalogue changes slowly. */
const INLINE_CACHE_S = 60

type InlineButton =
  | { text: string; url: string }
  | { text: string; web_app: { url: string } }
  | {
      text: string
      callback_data: string
    }

const inlineButton = (button: BotButton): InlineButton =>
  'url' in button
    ? button
    : 'webApp' in button
      ? { text: button.text, web_app: { url: button.webApp } }
      : { text: button.text, callback_data: button.callback }

const inlineKeyboard = (buttons: BotMessage['buttons']) => ({
  inline_keyboard: (buttons ?? []).map((row) => (Array.isArray(row) ? row : [row]).map(inlineButton)),
})

function markupOf({ buttons, askContact, removeKeyboard }: BotMessage) {
  if (askContact)
    return {
      reply_markup: {
        keyboard: [[{ text: askContact, request_contact: true }]],
        resize_keyboard: true,
        one_time_keyboard: true,
      },
    }
  if (buttons?.length) return { reply_markup: inlineKeyboard(buttons) }
  if (removeKeyboard) return { reply_markup: { remove_keyboard: true as const } }
  return {}
}

const refusalOf = (error: unknown) =>
  error instanceof GrammyError
    ? new BotRefusal(error.error_code, error.description, error.parameters.retry_after)
    : error

export function createBotSender({ token, apiRoot }: { token: string; apiRoot: string }): BotSender {
  const api = new Api(token, { apiRoot })
  return {
    async send(message) {
      await api
        .sendMessage(message.chatId, message.text, {
          link_preview_options: { is_disabled: true },
          ...(message.silent && { disable_notification: true }),
          ...markupOf(message),
        })
        .catch((error: unknown) => Promise.reject(refusalOf(error)))
    },
    async editButtons(chatId, messageId, buttons) {
      await api
        .editMessageReplyMarkup(chatId, messageId, { reply_markup: inlineKeyboard(buttons) })
        .catch((error: unknown) => Promise.reject(refusalOf(error)))
    },
    async answerTap(tapId, notice) {
      await api
        .answerCallbackQuery(tapId, notice === undefined ? {} : { text: notice })
        .catch((error: unknown) => Promise.reject(refusalOf(error)))
    },
    async answerInline(queryId, cards, nextOffset) {
      await api
        .answerInlineQuery(
          queryId,
          cards.map((card) => ({
            type: 'article' as const,
            id: card.id,
            title: card.title,
            description: card.description,
            input_message_content: { message_text: card.text, link_preview_options: { is_disabled: true } },
            reply_markup: { inline_keyboard: [card.buttons] },
          })),
          { cache_time: INLINE_CACHE_S, next_offset: nextOffset },
        )
        .catch((error: unknown) => Promise.reject(refusalOf(error)))
    },
  }
}

/** The update kinds the bot reads, as `setWebhook` and `getUpdates` ask Telegram for them. */
export const BOT_UPDATE_KINDS = ['message', 'callback_query', 'inline_query'] as const

/** How long one `getUpdates` waits for an update before it answers none (Telegram's long polling). */
const POLL_TIMEOUT_S = 25
const POLL_RETRY_MS = 5_000

/**
 * Long polling (`getUpdates`), for a developer with a real token and no public address (`TELEGRAM_MODE=polling`):
 * the webhook is removed first (Telegram answers no `getUpdates` while one is set), then each update is handed to
 * `onUpdate` in order, and the next poll asks past the last one handed over, so Telegram forgets it.
 */
export function createUpdatePoller(options: {
  token: string
  apiRoot: string
  onUpdate: (update: unknown) => Promise<void>
  log: { warn: (details: object, message: string) => void }
}) {
  const api = new Api(options.token, { apiRoot: options.apiRoot })
  const stopping = new AbortController()
  // grammY types its signal with the abort-controller package's class; Node's own is what it uses at run time.
  const signal = stopping.signal as unknown as Parameters<Api['getUpdates']>[1]
  let running: Promise<void> | undefined

  async function poll() {
    let offset = 0
    let webhookRemoved = false
    while (!stopping.signal.aborted) {
      try {
        if (!webhookRemoved) webhookRemoved = await api.deleteWebhook(undefined, signal)
        const updates = await api.getUpdates(
          { offset, timeout: POLL_TIMEOUT_S, allowed_updates: [...BOT_UPDATE_KINDS] },
          signal,
        )
        for (const update of updates) {
          await options.onUpdate(update)
          offset = update.update_id + 1
        }
      } catch (error) {
        if (stopping.signal.aborted) return
        options.log.warn({ err: error }, 'telegram: polling failed, trying again')
        await new Promise((resolve) => setTimeout(resolve, POLL_RETRY_MS))
      }
    }
  }

  return {
    start() {
      running ??= poll()
    },
    async stop() {
      stopping.abort()
      await running
    },
  }
}

/** Messages the dev bot keeps per chat. */
const DEV_KEPT = 20

export type DevBotMessage = BotMessage & { messageId: number }
export type DevBot = BotSender & {
  messagesTo: (chatId: string) => DevBotMessage[]
  /** The last answer to each inline query, by the query's id. */
  inlineAnswer: (queryId: string) => { cards: InlineCard[]; nextOffset: string } | undefined
  /** The notice a tap was answered with, by the tap's id. */
  tapNotice: (tapId: string) => string | undefined
}

export function createDevBot(): DevBot {
  const chats = new Map<string, DevBotMessage[]>()
  const inline = new Map<string, { cards: InlineCard[]; nextOffset: string }>()
  const notices = new Map<string, string>()
  let messageId = 0
  return {
    async send(message) {
      const kept = [...(chats.get(message.chatId) ?? []), { ...message, messageId: ++messageId }].slice(
        -DEV_KEPT,
      )
      chats.delete(message.chatId)
      chats.set(message.chatId, kept)
      // The dev bot keeps a bounded number of chats too.
      if (chats.size > 1_000) chats.delete(chats.keys().next().value!)
    },
    async editButtons(chatId, id, buttons) {
      const message = chats.get(chatId)?.find((kept) => kept.messageId === id)
      if (message) message.buttons = buttons
    },
    async answerTap(tapId, notice) {
      if (notice === undefined) return
      notices.set(tapId, notice)
      if (notices.size > 100) notices.delete(notices.keys().next().value!)
    },
    async answerInline(queryId, cards, nextOffset) {
      inline.set(queryId, { cards, nextOffset })
      if (inline.size > 100) inline.delete(inline.keys().next().value!)
    },
    messagesTo: (chatId) => chats.get(chatId) ?? [],
    inlineAnswer: (queryId) => inline.get(queryId),
    tapNotice: (tapId) => notices.get(tapId),
  }
}
