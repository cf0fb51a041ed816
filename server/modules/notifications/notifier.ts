import type { NotificationKind, PushPayload } from '#contract/schemas/notifications.ts'
import type { OrderRow } from '#server/db/rows/orders.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvent } from '#server/lib/domain-events.ts'
import type { NotificationDraft } from './matching.ts'
import type { EmailDelivery, PushDelivery, RealtimeHub, TelegramDelivery } from './ports.ts'
import { presentNotification, textOf } from './present.ts'
import type { NotificationsRepository, PresentableNotification } from './repository.ts'
import { allows, inQuietHours } from './settings.ts'
import { TASHKENT_OFFSET_MS } from '#server/lib/tashkent-day.ts'

/** The app's icons (public/icons): the picture beside the text, and the small monochrome one in the status bar. */
export const PUSH_ICON = '/icons/icon-192.png'
export const PUSH_BADGE = '/icons/badge-96.png'
/** Pushes in flight at once: a new order can reach thousands of specialists. */
const PUSH_CONCURRENCY = 32

type Recipient = number | 'matching specialists'
/** Who hears of an event, as what, and because of whom. */
type Plan = {
  kind: NotificationKind
  to: Recipient | null
  actorId: number
  order?: OrderRow
  rating?: number
  /** Where it opens, when not the order's page. */
  link?: string
  /** What the text names besides an order (a warning's reason and the moderator's words, a step's time, minutes to arrival). */
  params?: Record<string, string | number>
  /** Told without whose it is: a moderator's name and photo are not shown. */
  anonymous?: boolean
}

const PROGRESS_KINDS = {
  on_my_way: 'order_on_my_way',
  arrived: 'order_arrived',
  done: 'order_done',
} as const satisfies Record<string, NotificationKind>

/** HH:MM of Tashkent time (UTC+5 all year): a step's tap or a job's start, as the texts name it. */
export const tashkentClock = (at: Date) =>
  new Date(at.getTime() + TASHKENT_OFFSET_MS).toISOString().slice(11, 16)

const CHANGE_KINDS = {
  choose: 'executor_chosen',
  accept: 'order_accepted',
  decline: 'order_declined',
  cancel: 'order_canceled',
  complete: 'order_completed',
} as const satisfies Record<string, NotificationKind>

/** A proposed service decided: the proposer reads its name in their language (`name_ru`, …) or the reason. */
function servicePlan(event: Extract<DomainEvent, { type: 'service.decided' }>): Plan {
  const names = Object.fromEntries(
    Object.entries(event.name).map(([locale, name]) => [`name_${locale}`, name]),
  )
  return {
    kind: event.outcome === 'rejected' ? 'service_rejected' : 'service_approved',
    to: event.proposerId,
    actorId: event.moderatorId,
    link: event.link,
    params: { ...names, ...(event.reason !== null && { reason: event.reason }) },
  }
}

function planOf(event: DomainEvent): Plan | undefined {
  if (event.type === 'service.decided') return servicePlan(event)
  if (event.type === 'review.moderated') return undefined
  // A moderator's edit of the site's texts tells nobody.
  if (event.type === 'content.changed') return undefined
  if (event.type === 'verification.decided')
    return {
      kind: event.approved ? 'verification_approved' : 'verification_denied',
      to: event.userId,
      actorId: event.moderatorId,
      link: '/account#verification',
    }
  if (event.type === 'user.warned')
    return {
      kind: 'moderator_warning',
      to: event.userId,
      actorId: event.moderatorId,
      link: '/termsofuse',
      params: { reason: event.reason, note: event.text },
      anonymous: true,
    }
  if (event.type === 'chat.unread')
    return {
      kind: 'chat_message',
      to: event.recipientId,
      actorId: event.senderId,
      link: `/chats/${event.chatId}`,
    }
  const { order } = event
  switch (event.type) {
    case 'order.published':
      // A direct order is the chosen specialist's alone: nobody else hears of it.
      if (order.isDirect)
        return { kind: 'executor_chosen', to: order.executorId, actorId: order.customerId, order }
      if (order.status !== 'open') return undefined
      return { kind: 'new_order', to: 'matching specialists', actorId: order.customerId, order }
    case 'order.replied':
      return { kind: 'order_reply', to: order.customerId, actorId: event.executorId, order }
    case 'order.changed': {
      const to = {
        choose: order.executorId,
        accept: order.customerId,
        decline: order.customerId,
        // The executor chosen before the cancel, if any: an open order's repliers were never promised anything.
        cancel: event.executorId,
        complete: order.executorId,
      }[event.action]
      return { kind: CHANGE_KINDS[event.action], to, actorId: event.actorId, order }
    }
    case 'order.progress':
      return {
        kind: PROGRESS_KINDS[event.step],
        to: order.customerId,
        actorId: event.executorId,
        order,
        params: {
          time: tashkentClock(event.tappedAt),
          tapped_at: event.tappedAt.toISOString(),
          ...(event.etaMinutes !== null && { eta: event.etaMinutes }),
        },
      }
    case 'job.reminder':
      return {
        kind: event.when === 'evening_before' ? 'job_reminder_evening' : 'job_reminder_hour',
        to: event.executorId,
        actorId: order.customerId,
        order,
        params: order.startedAt ? { time: tashkentClock(order.startedAt) } : {},
      }
    case 'order.reviewed':
      return {
        kind: 'review_received',
        to: event.executorId,
        actorId: order.customerId,
        order,
        rating: event.rating,
      }
  }
}

const orderNumber = (id: number) => String(id).padStart(6, '0')

type Deps = {
  repo: NotificationsRepository
  realtime: RealtimeHub
  push: PushDelivery
  /** Messages in Telegram; without it (tests of other channels) nothing goes there. */
  telegram?: TelegramDelivery
  /** Mails to verified addresses; without it (tests of other channels) nothing is mailed. */
  email?: EmailDelivery
  clock: Clock
  /** A delivery that failed for one person; the others go on. */
  onError: (error: unknown, what: 'realtime' | 'push' | 'telegram' | 'email') => void
  /**
   * Those of these people whose profile promotion shows now (docs/decisions/016-plan-features.md): a new order
   * reaches them first. Without it, nobody goes first.
   */
  promotedAmong?: (userIds: number[]) => Promise<number[]>
  /** Of these people, those whose plan has convenient notifications (`smart_notifications`, decision 016). */
  professionalsAmong?: (userIds: number[]) => Promise<number[]>
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/** A notification as a browser push, in the device's language; `silent` in the person's quiet hours. */
const pushPayload = (row: PresentableNotification, locale: Locale, silent: boolean): PushPayload => {
  const { title, message } = textOf(row, locale)
  return {
    ...(silent && { silent }),
    title,
    body: message,
    url: row.link,
    // Repeats about one order replace each other on the device instead of piling up.
    tag: row.link.startsWith('/chats/')
      ? `chat-${row.link.slice('/chats/'.length)}`
      : row.orderId === null
        ? `notification-${row.id}`
        : `order-${row.orderId}`,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    id: row.id,
  }
}

/**
 * Turns domain events into notifications: writes them (one statement however many recipients), then tells each
 * recipient's sockets at once and sends a browser push where their settings allow it.
 */
export function createNotifier(deps: Deps) {
  const { repo, realtime, push, telegram, email, clock, onError, promotedAmong, professionalsAmong } = deps
  /** Those of these people inside their quiet hours now whose plan has them (decision 016): told without a sound. */
  async function quietOnes(people: Awaited<ReturnType<NotificationsRepository['recipients']>>) {
    const now = clock.now()
    const inside = people.filter((person) => inQuietHours(person.settings?.quiet, now))
    if (inside.length === 0 || !professionalsAmong) return new Set<number>()
    return new Set(await professionalsAmong(inside.map((person) => person.userId)))
  }

  /**
   * `firstOnes`: a new order's recipients with a running promotion, then those whose plan has convenient
   * notifications (decision 016), are told (socket, Telegram, then push) before the others; their Telegram
   * messages are taken first by the queue too. It costs a query by primary key each, alongside the two that
   * delivering needs anyway.
   */
  async function deliver(created: { id: number; userId: number }[], firstOnes = false) {
    if (created.length === 0) return
    const userIds = [...new Set(created.map((row) => row.userId))]
    const ranked = firstOnes && userIds.length > 1
    const [rows, people, promoted, professionals] = await Promise.all([
      repo.byIds(created.map((row) => row.id)),
      repo.recipients(userIds),
      ranked && promotedAmong ? promotedAmong(userIds) : [],
      firstOnes && professionalsAmong ? professionalsAmong(userIds) : [],
    ])
    const personOf = new Map(people.map((person) => [person.userId, person]))
    const silent = await quietOnes(people)
    // A professional hears of a new order with quick "Reply" and "Not interested" buttons in Telegram.
    const quickReply = new Set(professionals)
    const userOf = new Map(created.map((row) => [row.id, row.userId]))
    const rankOf = new Map<number, number>()
    for (const userId of professionals) rankOf.set(userId, 1)
    for (const userId of promoted) rankOf.set(userId, 2)
    // The highest rank first, everyone else after (a stable sort keeps each group as it was read).
    if (rankOf.size > 0)
      rows.sort((a, b) => (rankOf.get(userOf.get(b.id)!) ?? 0) - (rankOf.get(userOf.get(a.id)!) ?? 0))
    const pushes: { userId: number; row: PresentableNotification }[] = []
    const messages: Parameters<TelegramDelivery['sendMany']>[0] = []
    const mails: Parameters<EmailDelivery['sendMany']>[0] = []
    for (const row of rows) {
      const userId = userOf.get(row.id)!
      const person = personOf.get(userId)
      if (!person) continue
      try {
        realtime.notify(userId, {
          notification: presentNotification(row, person.locale),
          unread: person.unread,
        })
      } catch (error) {
        onError(error, 'realtime')
      }
      if (allows(person.settings, row.kind, 'push')) pushes.push({ userId, row })
      // `person.email`: a verified address that has not bounced, with the e-mail switch on (repository.ts).
      if (email && person.email && allows(person.settings, row.kind, 'email')) {
        const { title, message } = textOf(row, person.locale)
        const { kind, link } = row
        mails.push({ userId, to: person.email, kind, title, message, link, locale: person.locale })
      }
      if (telegram && person.telegramChat && allows(person.settings, row.kind, 'telegram')) {
        const { title, message } = textOf(row, person.locale)
        messages.push({
          chatId: person.telegramChat,
          text: `${title}\n${message}`,
          link: row.link,
          locale: person.locale,
          first: rankOf.has(userId),
          silent: silent.has(userId),
          ...(row.kind === 'new_order' &&
            row.orderId !== null &&
            quickReply.has(userId) && { quickReplyTo: row.orderId }),
        })
      }
    }
    // Stored before the pushes go: a new order's thousands of pushes must not hold its Telegram messages back.
    if (telegram && messages.length > 0)
      await telegram.sendMany(messages).catch((error: unknown) => onError(error, 'telegram'))
    if (email && mails.length > 0)
      await email.sendMany(mails).catch((error: unknown) => onError(error, 'email'))
    await eachLimited(pushes, PUSH_CONCURRENCY, ({ userId, row }) =>
      push
        .sendToUser(userId, (locale) => pushPayload(row, locale, silent.has(userId)))
        .catch((error: unknown) => onError(error, 'push')),
    )
  }

  return async function handle(event: DomainEvent) {
    // The order page open on the customer's devices (and the specialist's others) follows the steps live.
    if (event.type === 'order.progress') {
      const payload = { order_id: event.order.id, progress: event.progress }
      for (const userId of [event.order.customerId, event.executorId]) {
        try {
          realtime.orderProgress?.(userId, payload)
        } catch (error) {
          onError(error, 'realtime')
        }
      }
    }
    const plan = planOf(event)
    // The one who acted never hears of their own action.
    if (!plan || plan.to === null || plan.to === plan.actorId) return
    const { order } = plan
    const draft: NotificationDraft = {
      kind: plan.kind,
      params: order
        ? {
            number: orderNumber(order.id),
            name: order.name,
            ...(plan.rating !== undefined && { rating: plan.rating }),
            ...plan.params,
          }
        : { ...plan.params },
      link: plan.link ?? `/order/${order!.id}`,
      actorId: plan.anonymous ? null : plan.actorId,
      orderId: order?.id ?? null,
      createdAt: clock.now(),
    }
    // One unread "new message" per conversation is enough: more would only repeat it.
    if (plan.kind === 'chat_message' && plan.to !== 'matching specialists') {
      if (await repo.hasUnreadWithLink(plan.to, draft.link)) return
      return deliver(await repo.insertFor(plan.to, draft))
    }
    if (plan.to !== 'matching specialists') return deliver(await repo.insertFor(plan.to, draft))
    if (!order || order.categoryId === null) return
    const matched = { ...order, categoryId: order.categoryId }
    return deliver(await repo.insertForMatchingSpecialists(matched, draft), true)
  }
}
