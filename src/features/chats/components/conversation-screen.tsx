import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import type { Chat, ChatLocation, ChatMessage } from '#contract/schemas/chats.ts'
import { BackButton } from '#src/components/back-button.tsx'
import { PageHead } from '#src/components/page-head.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { errorText } from '#src/features/error-words/error-messages.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { compressPhoto } from '#src/lib/image-compression.ts'
import { useSession } from '#src/lib/session-store.ts'
import { userText, withUserText } from '#src/lib/user-text.tsx'
import { chatsApi } from '../api/chats-api.ts'
import { discardOutgoing, queueMessage, retryOutgoing, startOutbox, useChatOutbox } from '../chat-outbox.ts'
import '../chats.css'
import { isMine } from '../messages.ts'
import { useConversation } from '../use-conversation.ts'
import { usePersonName } from './chat-words.tsx'
import { Composer } from './composer.tsx'
import { ConversationHeader } from './conversation-header.tsx'
import { MessageList } from './message-list.tsx'
import { OrderCard } from './order-card.tsx'
import { ReportDialog } from './report-dialog.tsx'

// The map picker (MapLibre) loads when the person asks to send a place, not with the conversation.
const LocationPickerDialog = lazy(() =>
  import('#src/features/chat-location/location-picker.tsx').then((module) => ({
    default: module.LocationPickerDialog,
  })),
)

const NO_PENDING: never[] = []

/** /chats/{id}: one conversation, its order, its messages, and the box to answer in. */
export function ConversationScreen({ chatId }: { chatId: number }) {
  const { t, i18n } = useLingui()
  const myId = useSession((state) => state.profile?.id ?? 0)
  const conversation = useConversation(chatId, myId)
  const { chat, messages, markRead } = conversation
  const pending = useChatOutbox((state) => state.entries)
  const queueProblem = useChatOutbox((state) => state.problems[chatId])
  const [localProblem, setLocalProblem] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const [picking, setPicking] = useState(false)
  const [reported, setReported] = useState<ChatMessage | null>(null)
  const [blocking, setBlocking] = useState(false)
  const personName = usePersonName()
  const lastMarked = useRef(0)

  // Anything written here offline before goes out now that the conversation is open.
  useEffect(() => {
    void startOutbox(myId)
  }, [myId])

  // Read while the conversation is on screen: the other side's newest message shown marks it all read.
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

  const onPick = useCallback(
    (location: ChatLocation) => {
      setPicking(false)
      send({ text: '', location })
    },
    [send],
  )
  const closePicker = useCallback(() => setPicking(false), [])

  if (conversation.status === 'loading')
    return (
      <p role="status" className="screen">
        <Trans>Loading the conversation…</Trans>
      </p>
    )

  if (conversation.status === 'failed' || !chat)
    return (
      <div className="screen">
        <BackButton />
        <div role="alert" className="chats__problem">
          <p>
            {conversation.offline ? (
              <Trans>
                No internet connection, and this conversation has not been saved on this device yet.
              </Trans>
            ) : (
              <Trans>Could not load the conversation.</Trans>
            )}
          </p>
          <button type="button" className="button button--secondary" onClick={conversation.retry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      </div>
    )

  const otherName = personName(chat.other)
  const name = userText(otherName)
  const mine = pending.length === 0 ? NO_PENDING : pending.filter((entry) => entry.chatId === chatId)

  return (
    <div className="screen conversation">
      <PageHead title={withUserText((text) => t`Conversation with ${{ name: text(otherName) }}`)} />
      <BackButton />
      <ConversationHeader chat={chat} typing={conversation.typing} onBlock={block} blocking={blocking} />
      {chat.order && <OrderCard order={chat.order} />}
      {conversation.savedAt !== null && <SavedNotice savedAt={conversation.savedAt} />}
      <MessageList
        chat={chat}
        messages={messages}
        pending={mine}
        myId={myId}
        hasOlder={conversation.olderCursor !== null}
        olderStatus={conversation.olderStatus}
        onOlder={conversation.loadOlder}
        onReport={setReported}
        onRetry={(clientId) => void retryOutgoing(clientId)}
        onDiscard={(clientId) => void discardOutgoing(clientId)}
      />
      {chat.blocked === 'none' ? (
        <Composer
          chatId={chatId}
          userId={myId}
          problem={localProblem ?? queueProblem?.message ?? null}
          onSend={(text) => send({ text })}
          onPhoto={(file) => void sendPhoto(file)}
          onLocation={() => setPicking(true)}
          uploading={uploading}
        />
      ) : (
        <p className="conversation__blocked" role="status">
          {chat.blocked === 'by_me' ? (
            <Trans>You blocked {name}. Unblock them in the menu above to write again.</Trans>
          ) : (
            <Trans>{name} has blocked you. You cannot write in this conversation.</Trans>
          )}
        </p>
      )}
      {picking && (
        <Suspense fallback={null}>
          <LocationPickerDialog open={picking} onPick={onPick} onClose={closePicker} />
        </Suspense>
      )}
      <ReportDialog chatId={chatId} message={reported} onClose={() => setReported(null)} />
    </div>
  )
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
