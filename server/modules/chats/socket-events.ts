import * as v from 'valibot'
import {
  CLIENT_EVENTS,
  ChatMarkPayloadSchema,
  ChatSendPayloadSchema,
  ChatTypingPayloadSchema,
  type ChatSendAck,
} from '#contract/events.ts'
import { ERROR_CODES, type ErrorCode } from '#contract/errors.ts'
import { errorBodyOf } from '#server/plugins/errors.ts'
import { resolveLocale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { RealtimeSocket } from '#server/modules/realtime/socket-types.ts'
import type { ChatsService } from './service.ts'

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES)
/** At most one "typing…" per conversation per socket in this time. */
export const TYPING_EVERY_MS = 1_500

/**
 * The chat's socket events (contract/events.ts): each payload is validated on arrival and goes through the same
 * service as HTTP, so the participant rules, blocks and the per-minute limit are the same either way.
 */
export function chatSocketEvents(chats: ChatsService, onError: (error: unknown) => void) {
  return (socket: RealtimeSocket) => {
    const caller = () => ({ id: socket.data.userId, role: socket.data.role })
    // Errors are written in the language the app asked for in its handshake headers.
    const locale = resolveLocale(socket.handshake.headers['accept-language'])
    const quietly = (work: () => Promise<unknown>) => {
      work().catch((error: unknown) => {
        if (!(error instanceof AppError)) onError(error)
      })
    }

    socket.on(CLIENT_EVENTS.chatMessage, (payload, ack) => {
      const answer = typeof ack === 'function' ? ack : () => undefined
      const failed = (error: AppError): ChatSendAck => {
        const { code, message, retry_after } = errorBodyOf(error, locale).error
        return { ok: false, error: { code, message, ...(retry_after !== undefined && { retry_after }) } }
      }
      const parsed = v.safeParse(ChatSendPayloadSchema, payload)
      if (!parsed.success) {
        const code = parsed.issues[0].message
        return answer(
          failed(new AppError('validation', KNOWN_CODES.has(code) ? (code as ErrorCode) : 'invalid_request')),
        )
      }
      const { chat_id, ...body } = parsed.output
      chats.send(caller(), chat_id, body).then(
        (message) => answer({ ok: true, message }),
        (error: unknown) => {
          if (error instanceof AppError) return answer(failed(error))
          onError(error)
          answer(failed(new AppError('server', 'error_occurred')))
        },
      )
    })

    // The app says "typing" at most every few seconds; a client saying it more often costs queries for nothing.
    const typedAt = new Map<number, number>()
    socket.on(CLIENT_EVENTS.chatTyping, (payload) => {
      const parsed = v.safeParse(ChatTypingPayloadSchema, payload)
      if (!parsed.success) return
      const chatId = parsed.output.chat_id
      const now = Date.now()
      if (now - (typedAt.get(chatId) ?? 0) < TYPING_EVERY_MS) return
      typedAt.set(chatId, now)
      quietly(() => chats.typing(caller(), chatId))
    })

    socket.on(CLIENT_EVENTS.chatRead, (payload) => {
      const parsed = v.safeParse(ChatMarkPayloadSchema, payload)
      if (parsed.success) quietly(() => chats.read(caller(), parsed.output.chat_id, parsed.output.message_id))
    })

    socket.on(CLIENT_EVENTS.chatDelivered, (payload) => {
      const parsed = v.safeParse(ChatMarkPayloadSchema, payload)
      if (parsed.success)
        quietly(() => chats.delivered(caller(), parsed.output.chat_id, parsed.output.message_id))
    })
  }
}
