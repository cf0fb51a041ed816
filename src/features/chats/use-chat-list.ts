import { useCallback, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { ChatMarkEventSchema, ChatMessageEventSchema } from '#contract/events.ts'
import type { Chat } from '#contract/schemas/chats.ts'
import { onRealtime } from '#src/features/notifications/realtime.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { chatsApi } from './api/chats-api.ts'
import { loadChatList, saveChatList } from './local-cache.ts'
import { isMine, isOtherSide } from './messages.ts'
import { useChatUnread } from './unread-store.ts'

export type ChatList = {
  chats: Chat[]
  /** Where the next page starts; null: no more. */
  cursor: string | null
  status: 'loading' | 'ready' | 'failed' | 'loading-more' | 'more-failed'
  /** The network is gone: the list is the device's copy (savedAt) or nothing. */
  offline: boolean
  savedAt: number | null
}

const START: ChatList = { chats: [], cursor: null, status: 'loading', offline: false, savedAt: null }
const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0

/** The conversation moved to the top, with what its newest message changed. */
const toTop = (chats: Chat[], chat: Chat) => [chat, ...chats.filter((known) => known.id !== chat.id)]

/**
 * The conversations of /chats, newest first, page after page by `meta.next_cursor`; a search starts again. The
 * first page without a search is kept on the device and shown when the network is gone. A new message moves its
 * conversation to the top as it arrives (fetched when it was not listed yet).
 */
export function useChatList(userId: number, search: string) {
  const [attempt, setAttempt] = useState(0)
  // Another search (or a retry) starts from an empty, loading list: the state belongs to one key.
  const key = `${userId}:${search}:${attempt}`
  const [state, setState] = useState<{ key: string; list: ChatList }>({ key, list: START })
  const list = state.key === key ? state.list : START
  const setList = useCallback(
    (next: ChatList | ((current: ChatList) => ChatList)) =>
      setState((current) => {
        const base = current.key === key ? current.list : START
        return { key, list: typeof next === 'function' ? next(base) : next }
      }),
    [key],
  )
  const listed = useRef<Chat[]>([])
  useEffect(() => {
    listed.current = list.chats
  }, [list.chats])

  useEffect(() => {
    let live = true
    chatsApi
      .list(search)
      .then((page) => {
        if (!live) return
        useChatUnread.getState().setTotal(page.meta.unread)
        setList({
          chats: page.collection,
          cursor: page.meta.next_cursor,
          status: 'ready',
          offline: false,
          savedAt: null,
        })
        if (search === '') void saveChatList(userId, page.collection)
      })
      .catch(async (error: unknown) => {
        const offline = isOffline(error)
        const saved = offline && search === '' ? await loadChatList(userId) : undefined
        if (!live) return
        setList(
          saved
            ? { chats: saved.chats, cursor: null, status: 'ready', offline, savedAt: saved.savedAt }
            : { ...START, status: 'failed', offline },
        )
      })
    return () => {
      live = false
    }
  }, [userId, search, setList])

  useEffect(
    () =>
      onRealtime((socket) => {
        const onMessage = (payload: unknown) => {
          const parsed = v.safeParse(ChatMessageEventSchema, payload)
          if (!parsed.success) return
          const { chat_id: chatId, message, unread } = parsed.output
          if (!listed.current.some((chat) => chat.id === chatId)) {
            // Not listed (new, or beyond the pages loaded): the server says how it looks now.
            chatsApi
              .chat(chatId)
              .then((chat) => setList((latest) => ({ ...latest, chats: toTop(latest.chats, chat) })))
              .catch(() => undefined)
            return
          }
          setList((current) => {
            const known = current.chats.find((chat) => chat.id === chatId)
            if (!known) return current
            const mine = isMine(known, message, userId)
            const updated: Chat = {
              ...known,
              last_message: message,
              updated_at: message.created_at,
              unread: mine ? known.unread : (unread ?? known.unread + 1),
            }
            return { ...current, chats: toTop(current.chats, updated) }
          })
        }
        // Read on another device (or in the conversation): the row's count follows.
        const onMark = (payload: unknown) => {
          const parsed = v.safeParse(ChatMarkEventSchema, payload)
          if (!parsed.success || parsed.output.unread === null) return
          const { chat_id: chatId, user_id: reader, unread } = parsed.output
          setList((current) => ({
            ...current,
            chats: current.chats.map((chat) =>
              chat.id === chatId && !isOtherSide(chat, reader) ? { ...chat, unread } : chat,
            ),
          }))
        }
        socket.on('chat:message', onMessage)
        socket.on('chat:read', onMark)
        return () => {
          socket.off('chat:message', onMessage)
          socket.off('chat:read', onMark)
        }
      }),
    [userId, setList],
  )

  const loadMore = useCallback(() => {
    if (list.cursor === null || list.status === 'loading-more') return
    const cursor = list.cursor
    setList((current) => ({ ...current, status: 'loading-more' }))
    chatsApi
      .list(search, cursor)
      .then((page) =>
        setList((current) => {
          const known = new Set(current.chats.map((chat) => chat.id))
          return {
            ...current,
            chats: [...current.chats, ...page.collection.filter((chat) => !known.has(chat.id))],
            cursor: page.meta.next_cursor,
            status: 'ready',
          }
        }),
      )
      .catch((error: unknown) =>
        setList((current) => ({ ...current, status: 'more-failed', offline: isOffline(error) })),
      )
  }, [list.cursor, list.status, search, setList])

  const retry = useCallback(() => setAttempt((count) => count + 1), [])
  return { ...list, hasMore: list.cursor !== null, loadMore, retry }
}
