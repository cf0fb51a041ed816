import type { NotificationKind, PushPayload } from '#contract/schemas/notifications.ts'
import type { NotifPayload, OrderProgressPayload, UnreadPayload } from '#contract/events.ts'
import type { Locale } from '#server/i18n/locale.ts'

/**
 * What the notifier needs from the socket server (server/modules/realtime): a message to every socket of a
 * user, on whichever process it is connected (the Redis adapter carries it across).
 */
export type RealtimeHub = {
  notify: (userId: number, payload: NotifPayload) => void
  unreadChanged: (userId: number, payload: UnreadPayload) => void
  /** An order's steps of the day changed (docs/decisions/031-workday.md); a hub without it emits nothing. */
  orderProgress?: (userId: number, payload: OrderProgressPayload) => void
}

/**
 * What the notifier needs from browser push (server/modules/push): one push to each device of a user, written in
 * the language that device subscribed in. Gone subscriptions are deleted by the push module.
 */
export type PushDelivery = {
  sendToUser: (userId: number, render: (locale: Locale) => PushPayload) => Promise<void>
}

/** One notification as a Telegram message. */
export type TelegramNotice = {
  chatId: string
  text: string
  link: string
  locale: Locale
  /** Taken before the others waiting (a new order's promoted and professional recipients). */
  first?: boolean
  /** Arrives without a sound: the person's quiet hours. */
  silent?: boolean
  /** A new order a professional may answer from the message: "Reply" and "Not interested" under it. */
  quickReplyTo?: number
}

/**
 * What the notifier needs from Telegram (server/modules/telegram): messages to linked chats, stored as the bot's
 * send jobs (one statement for many); each has a button, in the message's language, that opens `link` in the app.
 */
export type TelegramDelivery = {
  sendMany: (messages: TelegramNotice[]) => Promise<void>
}

/**
 * What the notifier needs from e-mail (server/modules/email): mails to verified addresses, stored as send jobs (one
 * statement for many), each in the reader's language, with a link into the app (`link`, a path) and one-click
 * unsubscribe from that kind.
 */
export type EmailDelivery = {
  sendMany: (
    mails: {
      userId: number
      to: string
      kind: NotificationKind
      title: string
      message: string
      link: string
      locale: Locale
    }[],
  ) => Promise<void>
}

/** Hands nothing anywhere: for apps built without sockets or push (some tests). */
export const silentHub: RealtimeHub = { notify: () => undefined, unreadChanged: () => undefined }
export const noPush: PushDelivery = { sendToUser: async () => undefined }
