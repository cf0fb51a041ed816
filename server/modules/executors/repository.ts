import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import { COUNT_LIMIT } from '#server/modules/orders/repository.ts'

export type ExecutorFilters = {
  categoryId?: number
  serviceId?: number
  districtId?: number
  verifiedOnly: boolean
  ratingMin?: number
  /** Tiyin: a service line's price range overlaps [priceFrom, priceTo]. */
  priceFrom?: number
  priceTo?: number
  /** Folded for search (contract/search-text.ts); matches the name or a service's name. */
  folded?: string
  sort: 'rating' | 'reviews' | 'price'
  page: number
  perPage: number
}

export type ExecutorRow = {
  id: number
  slug: string
  name: string
  surname: string
  avatarThumb: string | null
  rating: number
  reviewsCount: number
  verification: number
  lastSeenAt: Date | null
  discountPercent: number
  districtIds: number[]
}

export type ExecutorLine = {
  id: number
  userId: number
  active: boolean
  priceFrom: number | null
  priceTo: number | null
  serviceId: number
  serviceSlug: string
  serviceName: Localized
}

type Raw = Record<string, unknown>
const rowsOf = (result: unknown) => (result as { rows: Raw[] }).rows
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * The lines of active specialties that match the filters, of users who take orders and are not deleted: what
 * lists a specialist and what their card shows. The folded search text has only letters, digits and spaces.
 */
function lineConditions(filters: ExecutorFilters): SQL {
  const conditions: SQL[] = [sql`ss.active`, sql`sp.active`, sql`u.deleted_at is null`, sql`u.accepts_orders`]
  if (filters.categoryId !== undefined) conditions.push(sql`sp.category_id = ${filters.categoryId}`)
  if (filters.serviceId !== undefined) conditions.push(sql`ss.service_id = ${filters.serviceId}`)
  if (filters.districtId !== undefined)
    conditions.push(sql`u.district_ids @> ${`{${filters.districtId}}`}::int[]`)
  if (filters.verifiedOnly) conditions.push(sql`u.verification = 1`)
  if (filters.ratingMin !== undefined) conditions.push(sql`u.rating >= ${filters.ratingMin}`)
  if (filters.priceFrom !== undefined || filters.priceTo !== undefined) {
    // A line without any price does not answer a price question.
    conditions.push(sql`coalesce(ss.price_from, ss.price_to) is not null`)
    if (filters.priceFrom !== undefined)
      conditions.push(sql`coalesce(ss.price_to, ss.price_from) >= ${filters.priceFrom}`)
    if (filters.priceTo !== undefined)
      conditions.push(sql`coalesce(ss.price_from, ss.price_to) <= ${filters.priceTo}`)
  }
  if (filters.folded) {
    const like = `%${filters.folded}%`
    conditions.push(sql`(s.search_name_text like ${like}
      or (case when u.search_name = '' then lower(u.name || ' ' || u.surname) else u.search_name end) like ${like})`)
  }
  return sql.join(conditions, sql` and `)
}

const MATCHING_LINES = (filters: ExecutorFilters) => sql`
  from speciality_services ss
  join specialities sp on sp.id = ss.speciality_id
  join users u on u.id = ss.user_id
  join services s on s.id = ss.service_id
  where ${lineConditions(filters)}`

const ORDER_BY: Record<ExecutorFilters['sort'], SQL> = {
  rating: sql`u.rating desc, u.reviews_count desc, u.id`,
  reviews: sql`u.reviews_count desc, u.rating desc, u.id`,
  price: sql`m.min_price asc nulls last, u.rating desc, u.id`,
}

export function createExecutorsRepository(db: Database) {
  return {
    /** One page of specialists and a total counted up to COUNT_LIMIT (endless scrolling needs no more). */
    async list(filters: ExecutorFilters) {
      const matched = sql`select ss.user_id, min(coalesce(ss.price_from, ss.price_to)) as min_price
        ${MATCHING_LINES(filters)} group by ss.user_id`
      // Sorting needs every matching specialist anyway, so the total comes with the page (a window over the same
      // rows) instead of a second pass over them; only a page past the end asks for it separately.
      const page = rowsOf(
        await db.execute(sql`
          select u.id, u.slug, u.name, u.surname, u.avatar_thumb, u.rating, u.reviews_count, u.verification,
                 u.last_seen_at, u.discount_percent, u.district_ids, count(*) over () as total
          from (${matched}) m join users u on u.id = m.user_id
          order by ${ORDER_BY[filters.sort]}
          limit ${filters.perPage} offset ${(filters.page - 1) * filters.perPage}`),
      )
      const total =
        page.length > 0
          ? Math.min(Number(page[0]!.total), COUNT_LIMIT)
          : Number(
              rowsOf(
                await db.execute(
                  sql`select count(*)::int as n from (select 1 from (${matched}) m limit ${COUNT_LIMIT}) counted`,
                ),
              )[0]?.n ?? 0,
            )
      const rows: ExecutorRow[] = page.map((row) => ({
        id: Number(row.id),
        slug: String(row.slug),
        name: String(row.name),
        surname: String(row.surname),
        avatarThumb: (row.avatar_thumb as string | null) ?? null,
        rating: Number(row.rating),
        reviewsCount: Number(row.reviews_count),
        verification: Number(row.verification),
        lastSeenAt: row.last_seen_at ? new Date(row.last_seen_at as string) : null,
        discountPercent: Number(row.discount_percent),
        districtIds: ((row.district_ids as number[] | null) ?? []).map(Number),
      }))
      return { rows, total }
    },

    /** The matching lines of these users, for their cards. */
    async linesOf(userIds: number[], filters: ExecutorFilters): Promise<ExecutorLine[]> {
      if (userIds.length === 0) return []
      const result = await db.execute(sql`
        select ss.id, ss.user_id, ss.active, ss.price_from, ss.price_to, s.id as service_id, s.slug as service_slug,
               s.name as service_name
        ${MATCHING_LINES(filters)} and ss.user_id = any(${`{${userIds.join(',')}}`}::int[])
        order by s.position, s.id`)
      return rowsOf(result).map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        active: Boolean(row.active),
        priceFrom: numberOrNull(row.price_from),
        priceTo: numberOrNull(row.price_to),
        serviceId: Number(row.service_id),
        serviceSlug: String(row.service_slug),
        serviceName: (typeof row.service_name === 'string'
          ? JSON.parse(row.service_name)
          : row.service_name) as Localized,
      }))
    },
  }
}
export type ExecutorsRepository = ReturnType<typeof createExecutorsRepository>
