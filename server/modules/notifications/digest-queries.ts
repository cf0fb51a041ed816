// The morning digest's reads: who gets one, and the open orders of the last day that match each of them.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { planFeatureActiveSql } from '#server/modules/wallet/entitlements.ts'

export type DigestRecipient = { userId: number; chatId: string; locale: Locale }
export type DigestOrder = { id: number; name: string }

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

export function createDigestQueries(db: Database) {
  return {
    /**
     * Specialists whose plan has convenient notifications (decision 016), with Telegram linked and on, and the
     * Telegram switch of new orders on (a settings row without it means the default, on).
     */
    async recipients(now: Date): Promise<DigestRecipient[]> {
      const result = await db.execute(sql`
        select u.id as "userId", u.telegram_id as "chatId", u.locale
        from users u left join notification_settings ns on ns.user_id = u.id
        where u.telegram_id is not null and u.telegram_notifications and u.deleted_at is null and u.accepts_orders
          and coalesce((ns.kinds->'new_order'->>'telegram')::boolean, true)
          and ${planFeatureActiveSql(sql`u.id`, 'smart_notifications', now)}
        order by u.id`)
      return rowsOf<DigestRecipient>(result)
    },

    /**
     * The open orders created since `since` that would have been sent to this specialist as new (matching.ts: an
     * active specialty in the category, their district unless the order is online or names none) and that they did
     * not hide ("Not interested"), newest first,
     * and how many there are.
     */
    async ordersFor(userId: number, since: Date, limit: number) {
      const result = await db.execute(sql`
        select o.id, o.name, count(*) over ()::int as total
        from orders o join users u on u.id = ${userId}
        where o.status = 'open' and not o.is_direct and o.created_at > ${since.toISOString()}::timestamptz
          and o.customer_id <> ${userId}
          and not exists (select 1 from hidden_orders h where h.user_id = ${userId} and h.order_id = o.id)
          and exists (select 1 from specialities sp
                      where sp.user_id = ${userId} and sp.category_id = o.category_id and sp.active)
          and (o.is_online or o.district_id is null or u.district_ids @> array[o.district_id])
        order by o.created_at desc, o.id desc
        limit ${limit}`)
      const rows = rowsOf<DigestOrder & { total: number }>(result)
      return { orders: rows.map(({ id, name }) => ({ id: Number(id), name })), total: rows[0]?.total ?? 0 }
    },
  }
}
