import * as v from 'valibot'
import { CursorQuerySchema, IdParamSchema, PageQuerySchema, perPageQuerySchema } from './bounds.ts'
import { NextCursorSchema, withinNumberedPages } from './list-keyset.ts'

/**
 * What a notification is about. `type_push` of the spec's Notification carries one of these; the text is written
 * from the kind and its parameters in the reader's language when it is read (docs/decisions/010-notifications.md).
 */
export const NOTIFICATION_KINDS = [
  /** A new open order matches one of the specialist's active specialties and districts. */
  'new_order',
  /** A specialist replied to the customer's order ("interest in your order"). */
  'order_reply',
  /** The customer chose this specialist (a direct order chooses at once). */
  'executor_chosen',
  /** The chosen specialist accepted the order. */
  'order_accepted',
  /** The chosen specialist declined. */
  'order_declined',
  /** The customer cancelled an order the specialist was chosen for. */
  'order_canceled',
  /** The customer marked the order done. */
  'order_completed',
  /** The customer left a review. */
  'review_received',
  /** A new chat message (delivered once chat exists). */
  'chat_message',
  /** A moderator confirmed the specialist's identity (docs/decisions/028). */
  'verification_approved',
  /** A moderator refused the specialist's documents, with a reason shown in the profile. */
  'verification_denied',
  /** A moderator warned the person about what they wrote or posted, with the reason (docs/decisions/029). */
  'moderator_warning',
  /** A service the person proposed joined the catalogue, or was found to be one it has (docs/decisions/030-proposed-services-and-hidden-reviews.md). */
  'service_approved',
  /** A moderator did not add the service the person proposed, with a reason. */
  'service_rejected',
  /** The accepted specialist is on the way to the customer (with minutes to arrival when given). */
  'order_on_my_way',
  /** The accepted specialist arrived. */
  'order_arrived',
  /** The specialist says the work is done: the customer is asked to confirm completion and leave a review. */
  'order_done',
  /** The specialist's reminder of tomorrow's job, at 20:00 Tashkent the evening before (decision 031). */
  'job_reminder_evening',
  /** The specialist's reminder an hour before a job starts. */
  'job_reminder_hour',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Kinds that send one SMS when they stay unread (the SMS fallback): missing them costs the user the job. */
export const SMS_FALLBACK_KINDS = ['executor_chosen', 'order_canceled'] as const satisfies NotificationKind[]

/** Where a notification can go besides the bell. Telegram and e-mail are delivered by later issues. */
export const NOTIFICATION_CHANNELS = ['push', 'telegram', 'email'] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** The spec's Notification (section 3); `status: 'active'` means unread. */
export const NotificationSchema = v.object({
  id: v.number(),
  type_push: v.picklist(NOTIFICATION_KINDS),
  status: v.picklist(['active', 'read']),
  message: v.string(),
  /** An app path (`/order/12`), never another site. */
  link: v.string(),
  avatar: v.nullable(v.string()),
  created_at: v.string(),
})
export type Notification = v.InferOutput<typeof NotificationSchema>

/** The bell shows 5 (spec section 9); the full list pages by 20. */
export const NOTIFICATIONS_PER_PAGE_MAX = 50
export const NotificationsQuerySchema = v.pipe(
  v.object({
    page: PageQuerySchema,
    perPage: perPageQuerySchema(NOTIFICATIONS_PER_PAGE_MAX, 5),
    /** Where the next page starts: `meta.next_cursor` of the page before. */
    cursor: CursorQuerySchema,
  }),
  v.forward(v.partialCheck([['page'], ['cursor']], withinNumberedPages, 'page_needs_cursor'), ['page']),
)
/** `total` is counted up to 10,000; `unread` exactly (the partial index of unread ones serves it). */
export const NotificationsResponseSchema = v.object({
  collection: v.array(NotificationSchema),
  meta: v.object({
    page: v.number(),
    perPage: v.number(),
    total: v.number(),
    unread: v.number(),
    next_cursor: NextCursorSchema,
  }),
})
export const NotificationParamsSchema = v.object({ id: IdParamSchema })
export const UnreadResponseSchema = v.object({ unread: v.number() })

const ChannelSwitchesSchema = v.object({ push: v.boolean(), telegram: v.boolean(), email: v.boolean() })
const ChannelChangesSchema = v.optional(
  v.object({
    push: v.optional(v.boolean()),
    telegram: v.optional(v.boolean()),
    email: v.optional(v.boolean()),
  }),
)
const perKind = <S extends v.GenericSchema>(schema: S) =>
  v.object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, schema])) as Record<NotificationKind, S>,
  )

const Hour = v.pipe(
  v.number('invalid_request'),
  v.integer('invalid_request'),
  v.minValue(0, 'invalid_request'),
  v.maxValue(23, 'invalid_request'),
)
/**
 * Whole hours of Tashkent time, `from` inclusive and `to` exclusive; `from` after `to` wraps midnight (22 to 7).
 * Inside them Telegram messages and pushes come without a sound (the professional plan, decision 016).
 */
export const QuietHoursSchema = v.pipe(
  v.object({ from: Hour, to: Hour }),
  v.check((hours) => hours.from !== hours.to, 'invalid_request'),
)
export type QuietHours = v.InferOutput<typeof QuietHoursSchema>

/**
 * A specialist's job reminders (docs/decisions/031-workday.md): the evening before a job (20:00 Tashkent) and an hour
 * before it. Off means that reminder is not made at all, on any channel; both are on by default.
 */
export const ReminderSwitchesSchema = v.object({ evening_before: v.boolean(), hour_before: v.boolean() })
export type ReminderSwitches = v.InferOutput<typeof ReminderSwitchesSchema>

/** Each kind on or off per channel, whether an unread "chosen" or "cancelled" may become an SMS, quiet hours. */
export const NotificationSettingsSchema = v.object({
  kinds: perKind(ChannelSwitchesSchema),
  sms_fallback: v.boolean(),
  quiet_hours: v.nullable(QuietHoursSchema),
  reminders: ReminderSwitchesSchema,
})
export type NotificationSettings = v.InferOutput<typeof NotificationSettingsSchema>
/** A change names only what changes. */
export const NotificationSettingsBodySchema = v.object({
  kinds: v.optional(perKind(ChannelChangesSchema)),
  sms_fallback: v.optional(v.boolean()),
  /** Null turns them off. */
  quiet_hours: v.optional(v.nullable(QuietHoursSchema)),
  reminders: v.optional(
    v.object({
      evening_before: v.optional(v.boolean('invalid_request')),
      hour_before: v.optional(v.boolean('invalid_request')),
    }),
  ),
})
export type NotificationSettingsBody = v.InferOutput<typeof NotificationSettingsBodySchema>

// ---------------------------------------------------------------- browser push

/** How the app subscribes: standard Web Push with our VAPID key, or Firebase Cloud Messaging when configured. */
export const PushConfigSchema = v.variant('provider', [
  v.object({ provider: v.literal('webpush'), public_key: v.string() }),
  v.object({
    provider: v.literal('fcm'),
    public_key: v.string(),
    firebase: v.object({
      apiKey: v.string(),
      projectId: v.string(),
      messagingSenderId: v.string(),
      appId: v.string(),
    }),
  }),
])
export type PushConfig = v.InferOutput<typeof PushConfigSchema>

const PUSH_KEY = /^[A-Za-z0-9_-]{16,200}={0,2}$/
const pushInvalid = 'push_subscription_invalid'

/**
 * A push service's URL as browsers give it: https on the default port, with no user or password. Whether its host
 * is a push service is the server's check (PUSH_SERVICE_HOSTS): the list is configuration.
 */
export const isPlainHttpsUrl = (value: string) => {
  // NOTE: v.url() reports a bad URL without stopping the pipe, so this check must not throw on one.
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return url.protocol === 'https:' && url.port === '' && url.username === '' && url.password === ''
}
/** A browser's PushSubscription.toJSON(), or an FCM registration token; one row per device. */
export const PushSubscriptionBodySchema = v.union(
  [
    v.object({
      endpoint: v.pipe(
        v.string(pushInvalid),
        v.maxLength(1000, pushInvalid),
        v.url(pushInvalid),
        v.check(isPlainHttpsUrl, pushInvalid),
      ),
      expirationTime: v.optional(v.nullable(v.number())),
      keys: v.object({
        p256dh: v.pipe(v.string(pushInvalid), v.regex(PUSH_KEY, pushInvalid)),
        auth: v.pipe(v.string(pushInvalid), v.regex(PUSH_KEY, pushInvalid)),
      }),
    }),
    v.object({
      fcm_token: v.pipe(v.string(pushInvalid), v.minLength(20, pushInvalid), v.maxLength(4096, pushInvalid)),
    }),
  ],
  pushInvalid,
)
export type PushSubscriptionBody = v.InferOutput<typeof PushSubscriptionBodySchema>
/**
 * The service worker's `pushsubscriptionchange`: the browser replaced a subscription. The worker has no access
 * token, so the old endpoint (a secret only that device and we know) names the subscription to move.
 */
export const PushRenewBodySchema = v.object({
  old_endpoint: v.pipe(v.string(pushInvalid), v.minLength(1, pushInvalid), v.maxLength(4096, pushInvalid)),
  subscription: PushSubscriptionBodySchema.options[0],
})
export const PushUnsubscribeBodySchema = v.object({
  endpoint: v.pipe(v.string(pushInvalid), v.minLength(1, pushInvalid), v.maxLength(4096, pushInvalid)),
})

/** What the service worker receives: text already in the device's language, no other personal data. */
export const PushPayloadSchema = v.object({
  title: v.string(),
  body: v.string(),
  /** The app path the notification opens. */
  url: v.string(),
  /** Repeats about one order collapse into one notification. */
  tag: v.string(),
  icon: v.optional(v.string()),
  badge: v.optional(v.string()),
  /** The notification, so a click can mark it read. */
  id: v.optional(v.number()),
  /** Shown without a sound or vibration: the person's quiet hours. */
  silent: v.optional(v.boolean()),
})
export type PushPayload = v.InferOutput<typeof PushPayloadSchema>
