import type { NotificationKind } from '#contract/schemas/notifications.ts'
import { serverText, type ServerMessage } from '#server/i18n/catalog.ts'
import type { Locale } from '#server/i18n/locale.ts'

/**
 * What a notification's text names. `number` is the order's six-digit number and `name` its title, copied when
 * the notification is made; `person` is the other party's first name, read from their profile when the text is
 * written (a deleted account's name is gone from notifications too); `rating` is a review's 1 to 5. A proposed
 * service's notification names the service (`name`, in the reader's language) and a refusal's `reason`.
 */
export type TextParams = {
  number?: string
  name?: string
  person?: string
  rating?: number
  /** A warning's reason, a report reason's key (`spam`), and the moderator's own words beside it. */
  reason?: string
  note?: string
  /** A step's tap or a job's start, as HH:MM of Tashkent time. */
  time?: string
  /** Minutes to arrival, given with "on my way". */
  eta?: number
}

/** A short title (the push notification's) and the sentence the bell shows (server/locales/{locale}.po). */
const texts: Record<NotificationKind, { title: ServerMessage; message: ServerMessage }> = {
  new_order: {
    title: /*i18n*/ { id: 'notification.new_order.title', message: 'New order' },
    message: /*i18n*/ {
      id: 'notification.new_order.message',
      message: 'New order №{number} “{name}” in your specialty',
    },
  },
  order_reply: {
    title: /*i18n*/ { id: 'notification.order_reply.title', message: 'Interest in your order' },
    message: /*i18n*/ {
      id: 'notification.order_reply.message',
      message: '{person} wants to do your order №{number} “{name}”',
    },
  },
  executor_chosen: {
    title: /*i18n*/ { id: 'notification.executor_chosen.title', message: 'You have been chosen' },
    message: /*i18n*/ {
      id: 'notification.executor_chosen.message',
      message: '{person} chose you for the order №{number} “{name}”. Accept it or decline',
    },
  },
  order_accepted: {
    title: /*i18n*/ { id: 'notification.order_accepted.title', message: 'Order accepted' },
    message: /*i18n*/ {
      id: 'notification.order_accepted.message',
      message: '{person} accepted your order №{number} “{name}”',
    },
  },
  order_declined: {
    title: /*i18n*/ { id: 'notification.order_declined.title', message: 'Order declined' },
    message: /*i18n*/ {
      id: 'notification.order_declined.message',
      message: '{person} declined the order №{number} “{name}”',
    },
  },
  order_canceled: {
    title: /*i18n*/ { id: 'notification.order_canceled.title', message: 'Order cancelled' },
    message: /*i18n*/ {
      id: 'notification.order_canceled.message',
      message: '{person} cancelled the order №{number} “{name}”',
    },
  },
  order_completed: {
    title: /*i18n*/ { id: 'notification.order_completed.title', message: 'Order completed' },
    message: /*i18n*/ {
      id: 'notification.order_completed.message',
      message: '{person} marked the order №{number} “{name}” as done',
    },
  },
  review_received: {
    title: /*i18n*/ { id: 'notification.review_received.title', message: 'New review' },
    message: /*i18n*/ {
      id: 'notification.review_received.message',
      message: '{person} rated your work on the order №{number} “{name}”: {rating} of 5',
    },
  },
  chat_message: {
    title: /*i18n*/ { id: 'notification.chat_message.title', message: 'New message' },
    message: /*i18n*/ { id: 'notification.chat_message.message', message: 'New message from {person}' },
  },
  verification_approved: {
    title: /*i18n*/ { id: 'notification.verification_approved.title', message: 'Identity confirmed' },
    message: /*i18n*/ {
      id: 'notification.verification_approved.message',
      message: 'Your documents are checked: customers now see the “Identity confirmed” badge on your profile',
    },
  },
  verification_denied: {
    title: /*i18n*/ { id: 'notification.verification_denied.title', message: 'Documents not accepted' },
    message: /*i18n*/ {
      id: 'notification.verification_denied.message',
      message:
        'The moderator could not confirm your identity. See why in your profile and send the documents again',
    },
  },
  service_approved: {
    title: /*i18n*/ { id: 'notification.service_approved.title', message: 'Service added to the catalogue' },
    message: /*i18n*/ {
      id: 'notification.service_approved.message',
      message: 'The service you proposed is in the catalogue now: “{name}”',
    },
  },
  service_rejected: {
    title: /*i18n*/ { id: 'notification.service_rejected.title', message: 'Service not added' },
    message: /*i18n*/ {
      id: 'notification.service_rejected.message',
      message: 'The service you proposed, “{name}”, was not added to the catalogue. Reason: {reason}',
    },
  },
  moderator_warning: {
    title: /*i18n*/ { id: 'notification.moderator_warning.title', message: 'Warning from the moderator' },
    message: /*i18n*/ {
      id: 'notification.moderator_warning.message',
      message: 'A moderator warned you: {reason}. Repeated breaches of the rules lead to a block',
    },
  },
  order_on_my_way: {
    title: /*i18n*/ { id: 'notification.order_on_my_way.title', message: 'The specialist is on the way' },
    message: /*i18n*/ {
      id: 'notification.order_on_my_way.message',
      message: '{person} set off at {time} for your order №{number} “{name}”',
    },
  },
  order_arrived: {
    title: /*i18n*/ { id: 'notification.order_arrived.title', message: 'The specialist arrived' },
    message: /*i18n*/ {
      id: 'notification.order_arrived.message',
      message: '{person} arrived at {time} for your order №{number} “{name}”',
    },
  },
  order_done: {
    title: /*i18n*/ { id: 'notification.order_done.title', message: 'The work is done' },
    message: /*i18n*/ {
      id: 'notification.order_done.message',
      message:
        '{person} finished the order №{number} “{name}” at {time}. Confirm it is completed and leave a review',
    },
  },
  job_reminder_evening: {
    title: /*i18n*/ { id: 'notification.job_reminder_evening.title', message: 'A job tomorrow' },
    message: /*i18n*/ {
      id: 'notification.job_reminder_evening.message',
      message: 'Tomorrow at {time}: the order №{number} “{name}”',
    },
  },
  job_reminder_hour: {
    title: /*i18n*/ { id: 'notification.job_reminder_hour.title', message: 'A job in an hour' },
    message: /*i18n*/ {
      id: 'notification.job_reminder_hour.message',
      message: 'At {time}: the order №{number} “{name}”',
    },
  },
}

/** A warning's reason in words (the report reasons of contract/schemas/chats.ts). */
const reasonTexts: Record<string, ServerMessage> = {
  spam: /*i18n*/ { id: 'warning_reason.spam', message: 'spam or advertising' },
  abuse: /*i18n*/ { id: 'warning_reason.abuse', message: 'insults or abuse' },
  fraud: /*i18n*/ { id: 'warning_reason.fraud', message: 'fraud' },
  other: /*i18n*/ { id: 'warning_reason.other', message: 'breaking the rules' },
}

/** The reason in the reader's language, and the moderator's words after it (a value, never a template). */
const reasonText = (params: TextParams, locale: Locale) => {
  const known = params.reason === undefined ? undefined : reasonTexts[params.reason]
  const words = known ? serverText(known, locale) : (params.reason ?? '')
  return params.note ? `${words} (${params.note})` : words
}

/** "On my way" with the minutes to arrival the specialist gave. */
const ON_MY_WAY_WITH_ETA = /*i18n*/ {
  id: 'notification.order_on_my_way.message_eta',
  message:
    '{person} set off at {time} for your order №{number} “{name}” and will be there in about {eta} min',
}

/** Who did it, when their account no longer has a name to show. */
const SOMEONE = /*i18n*/ { id: 'notification.someone', message: 'Someone' }

/** The SMS of the fallback: short, the order's number and an absolute link (`{link}`). */
const smsTexts = {
  executor_chosen: /*i18n*/ {
    id: 'sms.executor_chosen',
    message: 'Fika: you were chosen for order №{number}. {link}',
  },
  order_canceled: /*i18n*/ {
    id: 'sms.order_canceled',
    message: 'Fika: order №{number} was cancelled by the customer. {link}',
  },
}

// One pass over the template, so a `{…}` inside an order's name is never read as a place.
const fill = (template: string, values: Record<string, string | number | undefined>) =>
  template.replace(/\{(\w+)\}/g, (place, key: string) => {
    const value = values[key]
    return value === undefined ? place : String(value)
  })

/** The title and the sentence of a notification in the reader's language. */
export function notificationText(kind: NotificationKind, params: TextParams, locale: Locale) {
  const values = {
    ...params,
    person: params.person?.trim() || serverText(SOMEONE, locale),
    reason: reasonText(params, locale),
  }
  const message =
    kind === 'order_on_my_way' && params.eta !== undefined ? ON_MY_WAY_WITH_ETA : texts[kind].message
  return {
    title: fill(serverText(texts[kind].title, locale), values),
    message: fill(serverText(message, locale), values),
  }
}

export function smsFallbackText(
  kind: keyof typeof smsTexts,
  params: { number: string; link: string },
  locale: Locale,
) {
  return fill(serverText(smsTexts[kind], locale), params)
}
