// Writing to a conversation: a text, a place or a photo, stored once per client id under the per-minute limit,
// and "typing…" to the other side.
import type { ChatMessage, SendMessageBody } from '#contract/schemas/chats.ts'
import { AppError, fieldError, rateLimited } from '#server/lib/app-error.ts'
import { reencodePhoto } from '#server/lib/images.ts'
import { audiences, notFound, RATE_WINDOW_MS, type ChatContext } from './chat-context.ts'
import { otherOf, presentMessage, type Caller } from './present.ts'
import type { NewMessage } from './chat-rows.ts'

export function createChatSending({
  repo,
  ports,
  hub,
  clock,
  limits,
  onError,
  accessToWrite,
  forget,
  announce,
}: ChatContext) {
  /** The per-minute limit is reached: one more is allowed once the oldest of the newest `perMinute` leaves the window. */
  async function refuseOverLimit(senderId: number, at: Date): Promise<never> {
    const now = at.getTime()
    const edge = await repo.nthNewestSendSince(senderId, new Date(now - RATE_WINDOW_MS), limits.perMinute)
    throw rateLimited('chat_rate_limited', ((edge?.getTime() ?? now) + RATE_WINDOW_MS - now) / 1000)
  }

  /** A replay answers the first message, whatever happened since (a block, the limit). */
  async function replayOf(chatId: number, earlierId: number, caller: Caller) {
    const earlier = (await repo.findMessage(chatId, earlierId))!
    if (earlier.senderId !== caller.id) throw fieldError('client_id', 'client_id_invalid')
    return presentMessage(earlier)
  }

  /**
   * The checks of every send, then one row per client id. A text is checked where it is stored (one statement);
   * a photo is checked before too, so that nothing is re-encoded for a send that would be refused.
   */
  async function store(
    chatId: number,
    caller: Caller,
    content: Omit<NewMessage, 'chatId' | 'senderId' | 'fromSupport' | 'createdAt'>,
    prepare?: () => Promise<Partial<NewMessage>>,
  ): Promise<ChatMessage> {
    const { chat, side } = await accessToWrite(chatId, caller)
    const otherId = side.as === 'person' ? otherOf(chat, side) : null
    const now = clock.now()
    const since = new Date(now.getTime() - RATE_WINDOW_MS)
    let extra: Partial<NewMessage> = {}
    if (prepare) {
      const check = await repo.preflight(chat.id, content.clientId, caller.id, otherId, since)
      if (check.earlierId !== null) return replayOf(chat.id, check.earlierId, caller)
      if (check.blocked) throw new AppError('forbidden', 'chat_blocked')
      if (check.recent >= limits.perMinute) await refuseOverLimit(caller.id, now)
      extra = await prepare()
    }
    const sent = await repo.sendChecked(
      {
        ...content,
        ...extra,
        chatId: chat.id,
        senderId: caller.id,
        fromSupport: side.as === 'team',
        createdAt: now,
      },
      { toTeam: chat.kind === 'support' && side.as === 'person' },
      { otherId, perMinute: limits.perMinute, since },
    )
    if (sent.outcome === 'gone') {
      forget(chat.id)
      throw notFound()
    }
    if (sent.outcome === 'replay') return replayOf(chat.id, sent.earlierId, caller)
    if (sent.outcome === 'blocked') throw new AppError('forbidden', 'chat_blocked')
    if (sent.outcome === 'limited') return refuseOverLimit(caller.id, now)
    const { message, created, unread } = sent
    if (created) {
      // The message is stored: a failure to tell the sockets must not turn the send into an error.
      try {
        await announce(chat, side, message, unread)
      } catch (error) {
        onError(error)
      }
    }
    return presentMessage(message)
  }

  return {
    send: (caller: Caller, chatId: number, body: SendMessageBody) =>
      store(chatId, caller, {
        clientId: body.client_id,
        kind: body.location ? 'location' : 'text',
        text: body.text,
        lat: body.location?.lat ?? null,
        lng: body.location?.lng ?? null,
      }),

    /** A photo, re-encoded as order photos are; its bytes are read only for a send that is not a replay. */
    async sendPhoto(caller: Caller, chatId: number, clientId: string, bytes: Buffer | undefined) {
      return store(chatId, caller, { clientId, kind: 'photo', text: '' }, async () => {
        const photo = bytes ? await reencodePhoto(bytes) : null
        if (!photo) throw fieldError('file', 'file_invalid')
        return { photo: await ports.savePhoto(`chats/${chatId}`, photo) }
      })
    },

    /** "Typing…" goes to the other side only, and not across a block. */
    async typing(caller: Caller, chatId: number) {
      const { chat, side } = await accessToWrite(chatId, caller)
      const otherId = otherOf(chat, side)
      if (otherId !== null && side.as === 'person' && (await repo.isBlocked(caller.id, otherId))) return
      for (const audience of audiences(chat, side).others)
        hub.emit(audience, 'chat:typing', {
          chat_id: chat.id,
          user_id: side.as === 'team' ? null : caller.id,
        })
    },
  }
}
