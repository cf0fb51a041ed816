import { useCallback, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { ChatMarkEventSchema, ChatMessageEventSchema, ChatTypingEventSchema } from '#contract/events.ts'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { currentSocket, onRealtime } from '#src/features/notifications/realtime.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { chatsApi } from './api/chats-api.ts'
import { onOutgoingSent } from './chat-outbox.ts'
import { loadConversation, saveConversation } from './local-cache.ts'
import { isMine, isOtherSide, mergeMessages } from './messages.ts'
import { useChatUnread } from './unread-store.ts'

/** "typing…" goes away this long after the last `chat:typing`, as the other side stopped. */
export const TYPING_SHOWN_MS = 5_000

export type Conversation = {
  chat: Chat | null
  /** Oldest first. */
  messages: ChatMessage[]
  /** Where older messages start (`before`); null: the first message is loaded. */
  olderCursor: number | null
  status: 'loading' | 'ready' | 'failed'
  olderStatus: 'idle' | 'loading' | 'failed'
  offline: boolean
  /** The device's copy is shown (no network), saved then. */
  savedAt: number | null
}

const START: Conversation = {
  chat: null,
  messages: [],
  olderCursor: null,
  status: 'loading',
  olderStatus: 'idle',
  offline: false,
  savedAt: null,
}

const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0
const cursorOf = (next: string | null) => (next === null ? null : Number(next))

/**
 * One conversation as its screen shows it: the chat and its messages from the server (or the device's copy
 * without a network), older pages on demand, and everything the socket says about it: new messages (each told
 * back as received), typing, and the other side's read marks. A reconnection that lost events catches up.
 */
export function useConversation(chatId: number, myId: number) {
  const [state, setState] = useState<Conversation>(START)
  const [typing, setTyping] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const latest = useRef(state)
  useEffect(() => {
    latest.current = state
  }, [state])

  const addMessages = useCallback(
    (incoming: ChatMessage[]) =>
      setState((current) => ({ ...current, messages: mergeMessages(current.messages, incoming) })),
    [],
  )

  useEffect(() => {
    let live = true
    Promise.all([chatsApi.chat(chatId), chatsApi.messages(chatId)])
      .then(([chat, page]) => {
        if (!live) return
        setState({
          ...START,
          status: 'ready',
          chat: { ...chat, delivered_up_to: page.meta.delivered_up_to, read_up_to: page.meta.read_up_to },
          messages: page.collection,
          olderCursor: cursorOf(page.meta.next_cursor),
        })
      })
      .catch(async (error: unknown) => {
        const offline = isOffline(error)
        const saved = offline ? await loadConversation(myId, chatId) : undefined
        if (!live) return
        setState(
          saved
            ? {
                ...START,
                status: 'ready',
                chat: saved.chat,
                messages: saved.messages,
                // Older pages need the network; the copy starts where it was cut.
                olderCursor: null,
                offline,
                savedAt: saved.savedAt,
              }
            : { ...START, status: 'failed', offline },
        )
      })
    return () => {
      live = false
    }
  }, [chatId, myId, attempt])

  // What was shown last is what a screen without a network shows next time.
  useEffect(() => {
    if (state.status === 'ready' && state.savedAt === null && state.chat)
      void saveConversation(myId, state.chat, state.messages)
  }, [state.status, state.savedAt, state.chat, state.messages, myId])

  useEffect(
    () => onOutgoingSent((message) => message.chat_id === chatId && addMessages([message])),
    [chatId, addMessages],
  )

  const catchUp = useCallback(() => {
    const newest = latest.current.messages.at(-1)
    // The first load is still on its way: it brings what there is.
    if (latest.current.status === 'loading') return
    if (latest.current.status !== 'ready' || latest.current.savedAt !== null) {
      // The screen shows the device's copy (or nothing): load it all again now that there is a connection.
      setAttempt((count) => count + 1)
      return
    }
    chatsApi
      .messages(chatId, newest ? { after: newest.id } : {})
      .then((page) => {
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
  }, [chatId, addMessages])

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
        setState((current) => {
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
        })
      }
      const onConnect = () => {
        // A recovered connection had the missed events replayed; any other one may have missed some.
        if (!socket.recovered) catchUp()
      }
      socket.on('chat:message', onMessage)
      socket.on('chat:typing', onTyping)
      socket.on('chat:read', onMark)
      socket.on('connect', onConnect)
      return () => {
        socket.off('chat:message', onMessage)
        socket.off('chat:typing', onTyping)
        socket.off('chat:read', onMark)
        socket.off('connect', onConnect)
      }
    })
    return () => {
      clearTimeout(typingTimer)
      stop()
    }
  }, [chatId, myId, addMessages, catchUp])

  const loadOlder = useCallback(() => {
    const { olderCursor, olderStatus } = latest.current
    if (olderCursor === null || olderStatus === 'loading') return
    setState((current) => ({ ...current, olderStatus: 'loading' }))
    chatsApi
      .messages(chatId, { before: olderCursor })
      .then((page) =>
        setState((current) => ({
          ...current,
          messages: mergeMessages(current.messages, page.collection),
          olderCursor: cursorOf(page.meta.next_cursor),
          olderStatus: 'idle',
        })),
      )
      .catch(() => setState((current) => ({ ...current, olderStatus: 'failed' })))
  }, [chatId])

  /** Tells the server the reader has seen up to this message (socket, or HTTP while it is down). */
  const markRead = useCallback(
    (messageId: number) => {
      setState((current) =>
        current.chat
          ? { ...current, chat: { ...current.chat, my_read_up_to: messageId, unread: 0 } }
          : current,
      )
      const socket = currentSocket()
      if (socket) {
        socket.emit('chat:read', { chat_id: chatId, message_id: messageId })
        return
      }
      chatsApi
        .read(chatId, messageId)
        .then((answer) => {
          useChatUnread.getState().setTotal(answer.total)
          setState((current) =>
            current.chat ? { ...current, chat: { ...current.chat, unread: answer.unread } } : current,
          )
        })
        .catch(() => undefined)
    },
    [chatId],
  )

  const setChat = useCallback((chat: Chat) => setState((current) => ({ ...current, chat })), [])
  const retry = useCallback(() => {
    setState(START)
    setAttempt((count) => count + 1)
  }, [])

  return { ...state, typing, loadOlder, markRead, addMessages, setChat, retry }
}
