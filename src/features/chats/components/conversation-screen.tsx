import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import type { ChatLocation, ChatMessage } from '#contract/schemas/chats.ts'
import { BackButton } from '#src/components/back-button.tsx'
import { PageHead } from '#src/components/page-head.tsx'
import { SavedNotice } from '#src/components/saved-notice.tsx'
import { useSession } from '#src/lib/session-store.ts'
import { userText, withUserText } from '#src/lib/user-text.tsx'
import { discardOutgoing, retryOutgoing, startOutbox, useChatOutbox } from '../chat-outbox.ts'
import '../chats.css'
import { useConversation } from '../use-conversation.ts'
import { useConversationActions, useMarkNewestRead } from '../use-conversation-actions.ts'
import { usePersonName } from './chat-words.tsx'
import { Composer } from './composer.tsx'
import { ConversationHeader } from './conversation-header.tsx'
import { ConversationUnavailable } from './conversation-unavailable.tsx'
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
  const { t } = useLingui()
  const myId = useSession((state) => state.profile?.id ?? 0)
  const conversation = useConversation(chatId, myId)
  const { chat, messages, markRead } = conversation
  const pending = useChatOutbox((state) => state.entries)
  const queueProblem = useChatOutbox((state) => state.problems[chatId])
  const [picking, setPicking] = useState(false)
  const [reported, setReported] = useState<ChatMessage | null>(null)
  const personName = usePersonName()

  // Anything written here offline before goes out now that the conversation is open.
  useEffect(() => {
    void startOutbox(myId)
  }, [myId])

  useMarkNewestRead(chat, messages, myId, markRead)
  const { localProblem, uploading, blocking, send, sendPhoto, block } = useConversationActions(
    chatId,
    myId,
    conversation,
  )

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
    return <ConversationUnavailable offline={conversation.offline} onRetry={conversation.retry} />

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
