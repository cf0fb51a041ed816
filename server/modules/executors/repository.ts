import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import { COUNT_LIMIT } from '#server/lib/count-limit.ts'
import type { PlanFeature } from '#contract/schemas/plan-features.ts'
import { planFeatureActiveSql } from '#server/modules/wallet/entitlements.ts'

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
  perPage: number
  /** Only specialists whose plan has this feature at `now` (the bot's catalogue lists professionals only). */
  planFeature?: { feature: PlanFeature; now: Date }
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
 * The lines of active specialties that match the filters, of users who take orders and are not deleted (`listed`,
 * kept with the user's rating and districts on each line by the triggers of migration 0010): what lists a specialist
 * and what their card shows. The folded search text has only letters, digits and spaces.
 */
function lineConditions(filters: ExecutorFilters): SQL {
  const conditions: SQL[] = [sql`ss.listed`]
  if (filters.categoryId !== undefined) conditions.push(sql`sp.category_id = ${filters.categoryId}`)
  if (filters.serviceId !== undefined) conditions.push(sql`ss.service_id = ${filters.serviceId}`)
  // With a service the line's copy is read along the service's index; without one, a district is found by the
  // GIN index of users.district_ids (the copy has none).
  if (filters.districtId !== undefined)
    conditions.push(
      filters.serviceId === undefined
        ? sql`u.district_ids @> ${`{${filters.districtId}}`}::int[]`
        : sql`ss.user_district_ids @> ${`{${filters.districtId}}`}::int[]`,
    )
  if (filters.verifiedOnly) conditions.push(sql`u.verification = 1`)
  if (filters.planFeature)
    conditions.push(
      perRow(planFeatureActiveSql(sql`ss.user_id`, filters.planFeature.feature, filters.planFeature.now)),
    )
  if (filters.ratingMin !== undefined) conditions.push(sql`ss.user_rating >= ${filters.ratingMin}`)
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

/**
 * The matching lines, joined only to what the filters ask about: a join nothing needs would still be paid for on
 * every line of a popular service. `user`: `join` when the select reads the user's columns, `outer` when `u` is the
 * enclosing query's user (a correlated `exists`), else joined only when a filter names the user.
 */
function MATCHING_LINES(filters: ExecutorFilters, user?: 'join' | 'outer', also?: SQL) {
  const joins: SQL[] = also ? [also] : []
  if (filters.categoryId !== undefined) joins.push(sql`join specialities sp on sp.id = ss.speciality_id`)
  const districtOnUser = filters.districtId !== undefined && filters.serviceId === undefined
  if (user === 'join' || (user !== 'outer' && (districtOnUser || filters.verifiedOnly || filters.folded)))
    joins.push(sql`join users u on u.id = ss.user_id`)
  if (filters.folded) joins.push(sql`join services s on s.id = ss.service_id`)
  const correlated = user === 'outer' ? sql` and ss.user_id = u.id` : sql``
  return sql`from speciality_services ss ${sql.join(joins, sql` `)} where ${lineConditions(filters)}${correlated}`
}

/** Above any price (MAX_MONEY_TIYIN is 10^12): a specialist without one comes last in the price order. */
const NO_PRICE = 1_000_000_000_000_000

/**
 * The order of each sort as a row of three keys, the last the user's id, so that "after the cursor" is one row
 * comparison an index can start from. Rating and reviews go down in all three keys; price goes up with the rating
 * negated. `types` are the keys' SQL types, which the cursor's values are cast back to: a float8 parameter would
 * never equal the stored `real` of a rating such as 4.3.
 */
const KEYS: Record<
  ExecutorFilters['sort'],
  { order: 'desc' | 'asc'; keys: (c: Columns) => [SQL, SQL, SQL]; types: [string, string, string] }
> = {
  rating: { order: 'desc', keys: (c) => [c.rating, c.reviews, c.id], types: ['real', 'int', 'int'] },
  reviews: { order: 'desc', keys: (c) => [c.reviews, c.rating, c.id], types: ['int', 'real', 'int'] },
  price: {
    order: 'asc',
    keys: (c) => [c.price, sql`(- ${c.rating})`, c.id],
    types: ['bigint', 'real', 'int'],
  },
}
/** The list's columns the keys are made of: per line (with a service) or per specialist. */
type Columns = { rating: SQL; reviews: SQL; price: SQL; id: SQL }

/** Where the next page starts: the sort it was written for and the three keys of its last row. */
export type ExecutorsCursor = { sort: ExecutorFilters['sort']; keys: [number, number, number] }

function ordered(sort: ExecutorFilters['sort'], columns: Columns, after: ExecutorsCursor | undefined) {
  const { order, keys, types } = KEYS[sort]
  const [a, b, c] = keys(columns)
  const direction = sql.raw(order === 'desc' ? 'desc nulls last' : 'asc')
  const afterCondition = after
    ? sql`(${a}, ${b}, ${c}) ${sql.raw(order === 'desc' ? '<' : '>')} (${sql.join(
        after.keys.map((key, i) => sql`${key}::${sql.raw(types[i]!)}`),
        sql`, `,
      )})`
    : sql`true`
  return {
    afterCondition,
    orderBy: sql`${a} ${direction}, ${b} ${direction}, ${c} ${direction}`,
    keys: sql`${a} as key_a, ${b} as key_b, ${c} as key_c`,
  }
}

/** A service line as a card shows it (`sv`: the line's service). */
const LINE_COLUMNS = sql`ss.id as line_id, ss.user_id, ss.active, ss.price_from, ss.price_to,
  sv.id as service_id, sv.slug as service_slug, sv.name as service_name`
const lineOf = (row: Raw): ExecutorLine => ({
  id: Number(row.line_id),
  userId: Number(row.user_id),
  active: Boolean(row.active),
  priceFrom: numberOrNull(row.price_from),
  priceTo: numberOrNull(row.price_to),
  serviceId: Number(row.service_id),
  serviceSlug: String(row.service_slug),
  serviceName: (typeof row.service_name === 'string'
    ? JSON.parse(row.service_name)
    : row.service_name) as Localized,
})

/**
 * A plan feature asked of one row at a time: wrapped in a scalar subquery, the `exists` is run per row by the
 * owner's index (`plan_periods_user`, a few index entries). Bare, the planner may hash every running plan period
 * instead, for a page of a dozen cards.
 */
const perRow = (condition: SQL) => sql`(select ${condition})`

/**
 * What a card shows of its user (`u`). The discount shows only while the owner's plan has `discounts`
 * (docs/decisions/016-plan-features.md): the plan is looked up only for a card with a discount (CASE asks its
 * branches in order), and on the page's rows only, since a subquery in the select list is evaluated after the
 * limit.
 */
const cardColumns = (
  now: Date,
) => sql`u.id, u.slug, u.name, u.surname, u.avatar_thumb, u.rating, u.reviews_count,
  u.verification, u.last_seen_at, u.district_ids,
  case when u.discount_percent = 0 then 0
    when ${perRow(planFeatureActiveSql(sql`u.id`, 'discounts', now))} then u.discount_percent
    else 0 end as discount_percent`

const rowOf = (row: Raw): ExecutorRow => ({
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
})

/** How many promoted specialists the first page shows above the list. */
export const PROMOTED_MAX = 3

// NOTE: 121 lines counting its comments (95 without): three statements of the specialists list that share the
// filters' SQL above; splitting them apart would only move those shared fragments across files.
export function createExecutorsRepository(db: Database) {
  return {
    /**
     * One page of specialists after `after` (or at `offset`, for the first numbered pages), one row more than asked
     * to tell whether there is a next page, and a total counted up to COUNT_LIMIT (endless scrolling needs no more).
     * With a service, a specialist has one line of it: the page walks that service's index in the sort's order.
     * Without one, it walks the listed users in the sort's order; only the price sort with a filter that leaves some
     * of a user's lines out (category, price, search) groups the matching lines per specialist first.
     */
    async list(filters: ExecutorFilters, after: ExecutorsCursor | undefined, offset: number, now: Date) {
      const card = cardColumns(now)
      const grouped = filters.serviceId === undefined
      // Each user's cheapest listed line is kept on the user (users.listed_min_price, migration 0022); it is their
      // cheapest matching line unless a filter leaves some of their lines out.
      const keptPrice =
        filters.categoryId === undefined &&
        filters.priceFrom === undefined &&
        filters.priceTo === undefined &&
        !filters.folded
      const matched = sql`select ss.user_id, min(coalesce(ss.price_from, ss.price_to)) as min_price
        ${MATCHING_LINES(filters)} group by ss.user_id`
      const page = grouped
        ? ordered(
            filters.sort,
            {
              rating: sql`u.rating`,
              reviews: sql`u.reviews_count`,
              // Written as users_listed_by_price has it, so that index serves it.
              price: keptPrice
                ? sql`coalesce(u.listed_min_price, ${sql.raw(String(NO_PRICE))})`
                : sql`coalesce(m.min_price, ${sql.raw(String(NO_PRICE))})`,
              id: sql`u.id`,
            },
            after,
          )
        : ordered(
            filters.sort,
            {
              rating: sql`ss.user_rating`,
              reviews: sql`ss.user_reviews_count`,
              // Written as speciality_services_by_price has it, so that index serves it.
              price: sql`coalesce(ss.price_from, ss.price_to, ${sql.raw(String(NO_PRICE))})`,
              id: sql`ss.user_id`,
            },
            after,
          )
      const limit = sql`limit ${filters.perPage + 1} offset ${offset}`
      let query: SQL
      if (!grouped)
        // The one line of the service is what the card shows: it comes with the page.
        query = sql`select ${card}, ${page.keys}, ${LINE_COLUMNS}
          ${MATCHING_LINES(filters, 'join', sql`join services sv on sv.id = ss.service_id`)}
            and ${page.afterCondition}
          order by ${page.orderBy} ${limit}`
      else if (filters.sort === 'price' && !keptPrice)
        // The cheapest first needs each specialist's cheapest matching line: the lines are grouped.
        query = sql`select ${card}, ${page.keys}
          from (${matched}) m join users u on u.id = m.user_id
          where ${page.afterCondition}
          order by ${page.orderBy} ${limit}`
      // Best rated, most reviewed or cheapest first: the listed users in that order (users_listed_by_rating,
      // _by_reviews, _by_price) that have a matching line, until the page is full.
      else
        query = sql`select ${card}, ${page.keys}
          from users u
          where u.deleted_at is null and u.accepts_orders
            and exists (select 1 ${MATCHING_LINES(filters, 'outer')})
            and ${page.afterCondition}
          order by ${page.orderBy} ${limit}`
      // Per user with a correlated `exists`, like the walk: a district is then a bitmap of its users, not a join of
      // every line.
      const counted = grouped
        ? sql`select 1 from users u where u.deleted_at is null and u.accepts_orders
            and exists (select 1 ${MATCHING_LINES(filters, 'outer')}) limit ${COUNT_LIMIT}`
        : sql`select 1 ${MATCHING_LINES(filters)} limit ${COUNT_LIMIT}`
      const [found, count] = await Promise.all([
        db.execute(query),
        db.execute(sql`select count(*)::int as n from (${counted}) counted`),
      ])
      const fetched = rowsOf(found)
      const last = fetched.length > filters.perPage ? fetched[filters.perPage - 1] : undefined
      const next: ExecutorsCursor | undefined = last && {
        sort: filters.sort,
        keys: [Number(last.key_a), Number(last.key_b), Number(last.key_c)],
      }
      const rows: ExecutorRow[] = fetched.slice(0, filters.perPage).map(rowOf)
      const lines = grouped ? undefined : fetched.slice(0, filters.perPage).map(lineOf)
      return { rows, total: Number(rowsOf(count)[0]?.n ?? 0), next, lines }
    },

    /**
     * Up to PROMOTED_MAX specialists whose promotion shows at `now` (its days run and their plan has `promotion`)
     * and who match the filters as the list does, in a new random order each time so that every promoted one gets
     * the top in turn. The planner starts from the fewer of the running promotions (`profile_promotions_running`) and
     * the matching lines (the list's own correlated `exists`); the plan is asked per promotion left.
     */
    async promoted(filters: ExecutorFilters, now: Date): Promise<ExecutorRow[]> {
      const at = now.toISOString()
      const result = await db.execute(sql`
        select ${cardColumns(now)}
        from profile_promotions pr join users u on u.id = pr.user_id
        where pr.ends_at > ${at}::timestamptz and pr.starts_at <= ${at}::timestamptz
          and u.deleted_at is null and u.accepts_orders
          and ${perRow(planFeatureActiveSql(sql`pr.user_id`, 'promotion', now))}
          and exists (select 1 ${MATCHING_LINES(filters, 'outer')})
        order by random() limit ${PROMOTED_MAX}`)
      return rowsOf(result).map(rowOf)
    },

    /** The matching lines of these users, for their cards. */
    async linesOf(userIds: number[], filters: ExecutorFilters): Promise<ExecutorLine[]> {
      if (userIds.length === 0) return []
      const result = await db.execute(sql`
        select ${LINE_COLUMNS}
        ${MATCHING_LINES(filters, undefined, sql`join services sv on sv.id = ss.service_id`)}
          and ss.user_id = any(${`{${userIds.join(',')}}`}::int[])
        order by sv.position, sv.id`)
      return rowsOf(result).map(lineOf)
    },
  }
}
export type ExecutorsRepository = ReturnType<typeof createExecutorsRepository>
