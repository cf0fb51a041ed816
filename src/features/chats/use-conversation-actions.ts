/** The open conversation's own doings: marking what is read, and the person's actions (send, photo, block). */
import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Chat, ChatLocation, ChatMessage } from '#contract/schemas/chats.ts'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { compressPhoto } from '#src/lib/image-compression.ts'
import { chatsApi } from './api/chats-api.ts'
import { queueMessage } from './chat-outbox.ts'
import { isMine } from './messages.ts'
import type { useConversation } from './use-conversation.ts'

/** Read while the conversation is on screen: the other side's newest message shown marks it all read. */
export function useMarkNewestRead(
  chat: Chat | null,
  messages: ChatMessage[],
  myId: number,
  markRead: (messageId: number) => void,
) {
  const lastMarked = useRef(0)
  useEffect(() => {
    if (!chat) return
    const markNewest = () => {
      if (document.visibilityState === 'hidden') return
      const newest = messages.findLast((message) => !isMine(chat, message, myId))
      if (!newest || newest.id <= chat.my_read_up_to || newest.id <= lastMarked.current) return
      lastMarked.current = newest.id
      markRead(newest.id)
    }
    markNewest()
    document.addEventListener('visibilitychange', markNewest)
    return () => document.removeEventListener('visibilitychange', markNewest)
  }, [chat, messages, myId, markRead])
}

/**
 * What the person does in an open conversation besides typing: sending a text or a place (through the outbox),
 * a photo (compressed, then uploaded at once), blocking or unblocking; and what went wrong with it.
 */
export function useConversationActions(
  chatId: number,
  myId: number,
  conversation: Pick<ReturnType<typeof useConversation>, 'addMessages' | 'setChat' | 'chat'>,
) {
  const { t, i18n } = useLingui()
  const [localProblem, setLocalProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [blocking, setBlocking] = useState(false)

  const send = useCallback(
    (content: { text: string; location?: ChatLocation }) => {
      setLocalProblem(null)
      void queueMessage(myId, chatId, content)
    },
    [myId, chatId],
  )

  const sendPhoto = async (file: File) => {
    setLocalProblem(null)
    setUploading(true)
    try {
      const photo = await compressPhoto(file)
      if (!photo) {
        setLocalProblem(errorText(i18n, 'file_not_photo'))
        return
      }
      const message = await chatsApi.photo(chatId, crypto.randomUUID(), photo, file.name)
      conversation.addMessages([message])
    } catch (error) {
      setLocalProblem(
        error instanceof ApiError && error.body
          ? error.body.error.message
          : t`The photo was not sent: no connection. Try again when the internet is back.`,
      )
    } finally {
      setUploading(false)
    }
  }

  const block = (blocked: boolean) => {
    setBlocking(true)
    chatsApi
      .block(chatId, blocked)
      .then((updated) => conversation.setChat(withNewestMarks(updated, conversation.chat)))
      .catch((error: unknown) =>
        setLocalProblem(
          error instanceof ApiError && error.body
            ? error.body.error.message
            : t`Could not change the block. Try again.`,
        ),
      )
      .finally(() => setBlocking(false))
  }

  return { localProblem, uploading, blocking, send, sendPhoto, block }
}

/** A block's answer, with the newest read marks of it and of what the screen held (an event may have moved them). */
const withNewestMarks = (updated: Chat, held: Chat | null): Chat =>
  held
    ? {
        ...updated,
        delivered_up_to: Math.max(updated.delivered_up_to, held.delivered_up_to),
        read_up_to: Math.max(updated.read_up_to, held.read_up_to),
      }
    : updated
