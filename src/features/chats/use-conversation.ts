import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Chat, ChatMessage } from '#contract/schemas/chats.ts'
import { currentSocket } from '#src/features/notifications/realtime.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { chatsApi } from './api/chats-api.ts'
import { onOutgoingSent } from './chat-outbox.ts'
import { loadConversation, saveConversation } from './local-cache.ts'
import { mergeMessages } from './messages.ts'
import { useChatUnread } from './unread-store.ts'
import type { Conversation } from './conversation.ts'
import { useConversationEvents } from './use-conversation-events.ts'

export type { Conversation }

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
  const [attempt, setAttempt] = useState(0)
  const latest = useRef(state)
  // A layout effect: no event can run between a render and it, so a scroll right after the first page arrived
  // already sees that page's cursor (a passive effect could still be pending then, and the scroll would do nothing).
  useLayoutEffect(() => {
    latest.current = state
  }, [state])

  const reload = useCallback(() => setAttempt((count) => count + 1), [])
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

  const typing = useConversationEvents(chatId, myId, latest, { setState, addMessages, reload })

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
