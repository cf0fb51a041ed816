/**
 * What the socket says about one open conversation: new messages, the other side typing, and read marks (the
 * other side's, and the reader's own from another device). A reconnection that lost events catches up.
 */
import { useCallback, useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from 'react'
import * as v from 'valibot'
import {
  ChatHiddenEventSchema,
  ChatMarkEventSchema,
  ChatMessageEventSchema,
  ChatTypingEventSchema,
} from '#contract/events.ts'
import type { ChatMessage } from '#contract/schemas/chats.ts'
import { onRealtime } from '#src/features/notifications/realtime.ts'
import { chatsApi } from './api/chats-api.ts'
import { isMine, isOtherSide } from './messages.ts'
import type { Conversation } from './conversation.ts'

/** "typing…" goes away this long after the last `chat:typing`, as the other side stopped. */
export const TYPING_SHOWN_MS = 5_000

type ReadMark = v.InferOutput<typeof ChatMarkEventSchema>

/** The conversation with a `chat:read` mark taken in: how far the other side got, or what is left unread here. */
function withReadMark(current: Conversation, mark: ReadMark): Conversation {
  const chat = current.chat
  if (!chat) return current
  if (isOtherSide(chat, mark.user_id))
    return {
      ...current,
      chat: {
        ...chat,
        delivered_up_to: Math.max(chat.delivered_up_to, mark.delivered_up_to, mark.read_up_to),
        read_up_to: Math.max(chat.read_up_to, mark.read_up_to),
      },
    }
  // The reader's own mark, from this device or another: what is left unread.
  return {
    ...current,
    chat: {
      ...chat,
      my_read_up_to: Math.max(chat.my_read_up_to, mark.read_up_to),
      unread: mark.unread ?? chat.unread,
    },
  }
}

type Updates = {
  setState: Dispatch<SetStateAction<Conversation>>
  addMessages: (incoming: ChatMessage[]) => void
  /** Loads the whole conversation again. */
  reload: () => void
}

/** Listens while the conversation is open; answers whether the other side is typing. */
export function useConversationEvents(
  chatId: number,
  myId: number,
  latest: RefObject<Conversation>,
  { setState, addMessages, reload }: Updates,
) {
  const [typing, setTyping] = useState(false)

  const catchUp = useCallback(() => {
    const newest = latest.current.messages.at(-1)
    // The first load is still on its way: it brings what there is.
    if (latest.current.status === 'loading') return
    if (latest.current.status !== 'ready' || latest.current.savedAt !== null) {
      // The screen shows the device's copy (or nothing): load it all again now that there is a connection.
      reload()
      return
    }
    // The newest page, not only what came after the newest message shown: a message a moderator hid meanwhile, whose
    // event reached no socket, shows hidden too. When more came than a page holds, the conversation is read again.
    chatsApi
      .messages(chatId)
      .then((page) => {
        const oldest = page.collection[0]
        if (newest && oldest && oldest.id > newest.id && page.meta.next_cursor) {
          reload()
          return
        }
        addMessages(page.collection)
        setState((current) =>
          current.chat
            ? {
                ...current,
                chat: {
                  ...current.chat,
                  delivered_up_to: Math.max(current.chat.delivered_up_to, page.meta.delivered_up_to),
                  read_up_to: Math.max(current.chat.read_up_to, page.meta.read_up_to),
                },
              }
            : current,
        )
      })
      .catch(() => undefined)
  }, [chatId, addMessages, setState, reload, latest])

  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined
    const stop = onRealtime((socket) => {
      const onMessage = (payload: unknown) => {
        const parsed = v.safeParse(ChatMessageEventSchema, payload)
        if (!parsed.success || parsed.output.chat_id !== chatId) return
        const { message } = parsed.output
        addMessages([message])
        const chat = latest.current.chat
        // Their message ends their typing; "received" is told by the socket itself (realtime.ts) for every chat.
        if (chat && !isMine(chat, message, myId)) {
          clearTimeout(typingTimer)
          setTyping(false)
        }
      }
      const onTyping = (payload: unknown) => {
        const parsed = v.safeParse(ChatTypingEventSchema, payload)
        if (!parsed.success || parsed.output.chat_id !== chatId || parsed.output.user_id === myId) return
        setTyping(true)
        clearTimeout(typingTimer)
        typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS)
      }
      const onMark = (payload: unknown) => {
        const parsed = v.safeParse(ChatMarkEventSchema, payload)
        if (!parsed.success || parsed.output.chat_id !== chatId) return
        const mark = parsed.output
        setState((current) => withReadMark(current, mark))
      }
      // A moderator hid a message (docs/decisions/029): it shows hidden where it is, without a reload.
      const onHidden = (payload: unknown) => {
        const parsed = v.safeParse(ChatHiddenEventSchema, payload)
        if (!parsed.success || parsed.output.chat_id !== chatId) return
        const hiddenId = parsed.output.message_id
        setState((current) => ({
          ...current,
          messages: current.messages.map((message) =>
            message.id === hiddenId
              ? { ...message, text: '', photo: null, location: null, hidden: true }
              : message,
          ),
        }))
      }
      const onConnect = () => {
        // A recovered connection had the missed events replayed; any other one may have missed some.
        if (!socket.recovered) catchUp()
      }
      socket.on('chat:message', onMessage)
      socket.on('chat:typing', onTyping)
      socket.on('chat:read', onMark)
      socket.on('chat:hidden', onHidden)
      socket.on('connect', onConnect)
      return () => {
        socket.off('chat:message', onMessage)
        socket.off('chat:typing', onTyping)
        socket.off('chat:read', onMark)
        socket.off('chat:hidden', onHidden)
        socket.off('connect', onConnect)
      }
    })
    return () => {
      clearTimeout(typingTimer)
      stop()
    }
  }, [chatId, myId, addMessages, catchUp, setState, latest])

  return typing
}
