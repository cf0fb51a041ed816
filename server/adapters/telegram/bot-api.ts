/**
 * The bot's side of Telegram's Bot API (docs/decisions/026-telegram.md): sending a message, through grammY's `Api`
 * (TELEGRAM_API_ROOT points it at a local fake in tests). Without a token (development) the dev bot keeps what it
 * would have sent, for `GET /api/dev/telegram`, as the dev SMS adapter keeps codes.
 */
import { Api, GrammyError } from 'grammy'

/** A button under a message that opens an address. */
export type BotButton = { text: string; url: string }
export type BotMessage = { chatId: string; text: string; buttons?: BotButton[] }

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
}

const keyboardOf = (buttons: BotButton[] | undefined) =>
  buttons?.length ? { reply_markup: { inline_keyboard: buttons.map((button) => [button]) } } : {}

export function createBotSender({ token, apiRoot }: { token: string; apiRoot: string }): BotSender {
  const api = new Api(token, { apiRoot })
  return {
    async send({ chatId, text, buttons }) {
      try {
        await api.sendMessage(chatId, text, {
          link_preview_options: { is_disabled: true },
          ...keyboardOf(buttons),
        })
      } catch (error) {
        if (error instanceof GrammyError)
          throw new BotRefusal(error.error_code, error.description, error.parameters.retry_after)
        throw error
      }
    },
  }
}

/** Messages the dev bot keeps per chat. */
const DEV_KEPT = 20

export type DevBot = BotSender & { messagesTo: (chatId: string) => BotMessage[] }

export function createDevBot(): DevBot {
  const chats = new Map<string, BotMessage[]>()
  return {
    async send(message) {
      const kept = [...(chats.get(message.chatId) ?? []), message].slice(-DEV_KEPT)
      chats.delete(message.chatId)
      chats.set(message.chatId, kept)
      // The dev bot keeps a bounded number of chats too.
      if (chats.size > 1_000) chats.delete(chats.keys().next().value!)
    },
    messagesTo: (chatId) => chats.get(chatId) ?? [],
  }
}
