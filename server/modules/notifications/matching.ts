import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm'
import { SMS_FALLBACK_KINDS, type NotificationKind } from '#contract/schemas/notifications.ts'
import type { Database } from '#server/db/client.ts'
import { notificationSettings } from '#server/db/schema/notifications.ts'
import { specialities } from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'

/** What a notification about an order is made of, for one or many recipients. */
export type NotificationDraft = {
  kind: NotificationKind
  params: Record<string, string | number>
  link: string
  actorId: number | null
  orderId: number | null
  createdAt: Date
}

/** The order fields that decide who hears of it. */
export type MatchedOrder = {
  categoryId: number
  customerId: number
  isOnline: boolean
  districtId: number | null
}

const isFallbackKind = (kind: NotificationKind) => (SMS_FALLBACK_KINDS as readonly string[]).includes(kind)

/**
 * `pending` when the kind may become an SMS and the recipient allows it (no settings row: the default, on),
 * decided in the insert itself so a settings change cannot slip between reading and writing.
 */
export function smsStateFor(kind: NotificationKind, recipient: SQL | number): SQL<'pending' | null> {
  if (!isFallbackKind(kind)) return sql`null::text`
  return sql`case when coalesce((select ${notificationSettings.smsFallback} from ${notificationSettings}
    where ${notificationSettings.userId} = ${recipient}), true) then 'pending' end`
}

/** The columns newOrderNotificationRows gives, in its order, for the INSERT that takes them. */
export const NEW_ORDER_ROW_COLUMNS =
  'user_id, kind, params, link, actor_id, order_id, read_at, sms_state, sms_sent_at, created_at'

/**
 * The notification rows of a new order for every specialist it matches, as one SELECT that an INSERT takes whole:
 * an active specialty in the order's category (the partial index `specialities_category_active` finds them, and
 * a person has at most one specialty per category, so nobody is listed twice), who takes orders, whose account is
 * live, who is not the customer, and who serves the order's district, unless the order is online or names none.
 */
export function newOrderNotificationRows(db: Database, order: MatchedOrder, draft: NotificationDraft) {
  const servesDistrict =
    order.isOnline || order.districtId === null
      ? undefined
      : sql`${users.districtIds} @> array[${order.districtId}::int]`
  return db
    .select({
      userId: specialities.userId,
      kind: sql<NotificationKind>`${draft.kind}::text`.as('kind'),
      params: sql`${JSON.stringify(draft.params)}::jsonb`.as('params'),
      link: sql<string>`${draft.link}::text`.as('link'),
      actorId: sql<number | null>`${draft.actorId}::int`.as('actor_id'),
      orderId: sql<number | null>`${draft.orderId}::int`.as('order_id'),
      readAt: sql<Date | null>`null::timestamptz`.as('read_at'),
      smsState: smsStateFor(draft.kind, sql`${specialities.userId}`).as('sms_state'),
      smsSentAt: sql<Date | null>`null::timestamptz`.as('sms_sent_at'),
      createdAt: sql<Date>`${draft.createdAt.toISOString()}::timestamptz`.as('created_at'),
    })
    .from(specialities)
    .innerJoin(users, eq(users.id, specialities.userId))
    .where(
      and(
        eq(specialities.categoryId, order.categoryId),
        // Written as the index's own predicate, so the planner can use the partial index.
        sql`${specialities.active}`,
        eq(users.acceptsOrders, true),
        isNull(users.deletedAt),
        ne(users.id, order.customerId),
        servesDistrict,
      ),
    )
}
