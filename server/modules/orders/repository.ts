import {
  and,
  arrayContains,
  asc,
  between,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm'
import { withLock, type Database } from '#server/db/client.ts'
import { services } from '#server/db/schema/catalogue.ts'
import { specialities, specialityServices } from '#server/db/schema/specialists.ts'
import {
  orderCounters,
  orderRefusals,
  orderViewers,
  orders,
  replies,
  reviews,
} from '#server/db/schema/orders.ts'
import type { OrderPlace } from '#contract/schemas/orders.ts'
import { filterConditions } from './filters.ts'
import { createBoxCells } from './box-cells.ts'
import { createMapQuery } from './map-query.ts'
import { roundedToAreaSql } from './privacy.ts'
import type { PublicAnswers } from './public-answers.ts'
import { users } from '#server/db/schema/users.ts'

/** Lists count matching orders up to this many; `meta.total` says 10000 for "10,000 or more". */
export const COUNT_LIMIT = 10_000
/** A list in a map box counts up to this many: "1,000 or more" in a box is all a reader needs (docs/decisions/012). */
export const BOX_COUNT_LIMIT = 1_000

/** An order as the app uses it; `spot` only serves the box indexes. */
export type OrderRow = Omit<typeof orders.$inferSelect, 'spot'>
export type OrderStatus = OrderRow['status']
/**
 * The statuses a customer's orders are live in, before any work starts: open, paused, or awaiting the chosen
 * specialist (a direct order too). A cap on them cannot be passed by pausing orders and opening them again.
 */
export const LIVE_STATUSES: OrderStatus[] = ['open', 'inactive']
/** What publishing within the cap did: the new order, the order an earlier use of the key made, or nothing. */
export type Published = { created: OrderRow } | { earlier: OrderRow } | { full: true }
export type RefusalReason = (typeof orderRefusals.$inferInsert)['reason']

export type OrderFilters = {
  status: OrderStatus
  serviceId?: number
  categoryId?: number
  bbox?: number[]
  /** Tiyin; an order's price or min-max range overlaps [priceFrom, priceTo]. */
  priceFrom?: number
  priceTo?: number
  /** started_at within [startedFrom, startedBefore). */
  startedFrom?: Date
  startedBefore?: Date
  place?: OrderPlace
  /** Only the orders of this customer, or those this executor replied to or was chosen for. */
  mine?: { userId: number; as: 'customer' | 'executor' }
  /** Only direct orders (true) or none of them (false). */
  direct?: boolean
  /** Instead of `status`: any of these. */
  statusIn?: OrderStatus[]
  page: number
  perPage: number
  /** Keyset paging: only the orders listed after this one (newest first); `page` is then ignored. */
  after?: ListKey
}

/** Where an order stands in a list (created_at desc, id desc): created_at to the microsecond, as text. */
export type ListKey = { createdAt: string; id: number }

// NOTE: created_at keeps microseconds, a JS Date only milliseconds: the key carries the exact text so that no row
// sharing the millisecond is skipped or listed twice.
const exactCreatedAt = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** The open list with no filter: what `order_counters.open_listed` counts. */
const isPlainOpenList = (filters: OrderFilters) => !filters.bbox && isOpenListedOnly(filters)
/** The open list with no filter but a box, maybe. */
const isOpenListedOnly = (filters: OrderFilters) =>
  filters.status === 'open' &&
  filters.direct === false &&
  !filters.statusIn &&
  !filters.mine &&
  filters.serviceId === undefined &&
  filters.categoryId === undefined &&
  filters.priceFrom === undefined &&
  filters.priceTo === undefined &&
  !filters.startedFrom &&
  !filters.startedBefore &&
  !filters.place

/**
 * An order as a list names it: its id, the version of its row and its parties. The card itself is kept per version
 * (order-cards.ts), so a page reads a few small columns per order instead of every column.
 */
export type ListedOrder = { id: number; version: string; customerId: number; executorId: number | null }
/** An order and the version of its row. */
export type VersionedOrderRow = OrderRow & { version: string }

// NOTE: xmin is the transaction that wrote the row's current version: every update writes a new version with a new
// one, so an order's card kept for (id, xmin) is never stale, in any process, with no message to forget it.
const version = sql<string>`${orders}.xmin::text`

/** A list's row: which order, and its exact place in the list. */
type ListedRow = ListedOrder & { listedAt: string }

const listedColumns = {
  id: orders.id,
  version,
  customerId: orders.customerId,
  executorId: orders.executorId,
  listedAt: exactCreatedAt,
}

// Every column but `spot`, which is lng and lat again, for the indexes' sake.
const { spot: _spot, ...orderColumns } = getTableColumns(orders)

/** One page of a list: its orders, the capped total and the key the next page starts after. */
export type OrdersPage = { entries: ListedOrder[]; total: number; next: ListKey | null }

/** The page of `perPage` orders read with one more, which tells whether another page follows. */
function pageFrom(found: (ListedRow & { total?: number })[], total: number, perPage: number): OrdersPage {
  const entries = found.slice(0, perPage).map(({ listedAt: _, total: _total, ...entry }) => entry)
  const last = found.length > perPage ? found[perPage - 1] : undefined
  return { entries, total, next: last ? { createdAt: last.listedAt, id: last.id } : null }
}

// NOTE: over 120 lines: one closure over the orders tables; splitting it along its seams (writes, lists, boxes) is
// issue 32, together with the import circle of this folder.
/**
 * `kept` holds answers read from orders (public-answers.ts): the grid's cells of the map and of lists in a box are
 * read through it, and every write to an order empties it.
 */
export function createOrdersRepository(
  db: Database,
  kept?: Pick<PublicAnswers, 'forget' | 'readMany' | 'serving'>,
) {
  const openListed = and(eq(orders.status, 'open'), eq(orders.isDirect, false))
  const boxCells = kept && createBoxCells(db, kept, BOX_COUNT_LIMIT)
  const openListedCount = sql<number>`(select ${orderCounters.n}::int from ${orderCounters} where ${orderCounters.name} = 'open_listed')`
  const plainOpen = (after?: SQL) =>
    db
      .select({ ...listedColumns, total: openListedCount.as('total') })
      .from(orders)
      .where(and(openListed, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(sql.placeholder('limit'))
  const plainOpenPage = plainOpen().offset(sql.placeholder('offset')).prepare('orders_open_page')
  const plainOpenAfter = plainOpen(
    sql`(${orders.createdAt}, ${orders.id}) < (${sql.placeholder('createdAt')}::timestamptz, ${sql.placeholder('id')}::int)`,
  ).prepare('orders_open_after')
  // A page past the list's end has no row to carry the total.
  const openListedTotal = async () => {
    const [counter] = await db
      .select({ n: orderCounters.n })
      .from(orderCounters)
      .where(eq(orderCounters.name, 'open_listed'))
    return counter?.n ?? 0
  }
  // The list everyone opens first: one statement, planned once per connection, that also reads its total (kept by
  // triggers, migration 0011).
  const plainOpenList = async (filters: OrderFilters) => {
    const limit = filters.perPage + 1
    const found = filters.after
      ? await plainOpenAfter.execute({ limit, ...filters.after })
      : await plainOpenPage.execute({ limit, offset: (filters.page - 1) * filters.perPage })
    return pageFrom(found, found[0]?.total ?? (await openListedTotal()), filters.perPage)
  }
  const changed = async <T>(row: T) => {
    if (row) await kept?.forget()
    return row
  }
  return {
    /**
     * Adds a customer's order unless they already hold `liveAtMost` live orders (LIVE_STATUSES). A key the customer
     * already used answers its order instead (a replay), whatever they hold. The key's check, the count and the
     * insert run one customer at a time (an advisory lock held to the commit), so concurrent publishes cannot all
     * pass a count taken before any of them was written.
     */
    async insertWithinCap(
      values: typeof orders.$inferInsert & { customerId: number },
      liveAtMost: number,
    ): Promise<Published> {
      const published = await withLock(db, `orders:customer:${values.customerId}`, async (tx) => {
        if (values.idempotencyKey) {
          const [earlier] = await tx
            .select()
            .from(orders)
            .where(
              and(eq(orders.customerId, values.customerId), eq(orders.idempotencyKey, values.idempotencyKey)),
            )
            .limit(1)
          if (earlier) return { earlier }
        }
        const live = tx
          .select({ one: sql`1` })
          .from(orders)
          .where(and(eq(orders.customerId, values.customerId), inArray(orders.status, LIVE_STATUSES)))
          .limit(liveAtMost)
          .as('live')
        const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(live)
        if ((held?.n ?? 0) >= liveAtMost) return { full: true as const }
        const [created] = await tx.insert(orders).values(values).returning()
        return { created: created! }
      })
      if ('created' in published) await changed(published.created)
      return published
    },

    async findByIdempotencyKey(customerId: number, key: string) {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)))
        .limit(1)
      return row
    },

    async find(id: number) {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
      return row
    },

    /** Adds the views counted in memory (view-counter.ts), every order in one statement whatever their number. */
    async addViews(counts: ReadonlyMap<number, number>) {
      if (counts.size === 0) return
      // NOTE: the arrays go as text literals ('{1,2}'): a JS array parameter breaks PGlite's protocol state.
      const ids = `{${[...counts.keys()].join(',')}}`
      const ns = `{${[...counts.values()].join(',')}}`
      await db.execute(sql`
        update orders set views = orders.views + counted.n
        from unnest(${ids}::int[], ${ns}::int[]) as counted(id, n)
        where orders.id = counted.id`)
    },

    /**
     * Notes that `viewer` (a digest, order-viewers.ts) looked at the order on `day`; true when it is their first look
     * that day. A repeated look finds the key and writes nothing.
     */
    async markViewed(orderId: number, viewer: string, day: string) {
      const added = await db
        .insert(orderViewers)
        .values({ day, orderId, viewer })
        .onConflictDoNothing()
        .returning({ orderId: orderViewers.orderId })
      return added.length > 0
    },

    /** Deletes who looked at orders on the days before `day`. */
    async forgetViewersBefore(day: string) {
      await db.delete(orderViewers).where(lt(orderViewers.day, day))
    },

    /**
     * Changes an order only if it is still in one of `from`: two racing actions cannot both win. With `refusal`
     * (the customer cancels, or chooses someone else) the chosen specialist it lets go is recorded in
     * `order_refusals` in the same transaction, read from the locked row, so a racing re-choice cannot hide one.
     */
    async transition(
      id: number,
      from: OrderStatus[],
      changes: Partial<typeof orders.$inferInsert>,
      refusal?: RefusalReason,
    ) {
      if (!refusal) {
        const [row] = await db
          .update(orders)
          .set(changes)
          .where(and(eq(orders.id, id), inArray(orders.status, from)))
          .returning()
        return changed(row)
      }
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ executorId: orders.executorId, chosenAt: orders.chosenAt, updatedAt: orders.updatedAt })
          .from(orders)
          .where(and(eq(orders.id, id), inArray(orders.status, from)))
          .for('update')
        if (!before) return undefined
        const [row] = await tx.update(orders).set(changes).where(eq(orders.id, id)).returning()
        const letGo =
          before.executorId !== null &&
          (refusal === 'canceled' || (changes.executorId ?? null) !== before.executorId)
        if (row && letGo) {
          await tx.insert(orderRefusals).values({
            orderId: id,
            executorId: before.executorId!,
            reason: refusal,
            chosenAt: before.chosenAt ?? before.updatedAt,
            refusedAt: row.updatedAt,
          })
        }
        return row
      })
      return changed(row)
    },

    /**
     * One page of orders, newest first, and their number counted up to COUNT_LIMIT. With `after` the page starts
     * behind that key (an index range, no OFFSET): its cost is the same at any depth. `next` is the key of the page's
     * last order when more follow.
     */
    async list(filters: OrderFilters): Promise<OrdersPage> {
      if (isPlainOpenList(filters)) return plainOpenList(filters)
      const conditions: SQL[] = [
        filters.statusIn ? inArray(orders.status, filters.statusIn) : eq(orders.status, filters.status),
      ]
      if (filters.direct !== undefined) conditions.push(eq(orders.isDirect, filters.direct))
      if (filters.serviceId !== undefined)
        conditions.push(arrayContains(orders.services, [filters.serviceId]))
      if (filters.categoryId !== undefined) conditions.push(eq(orders.categoryId, filters.categoryId))
      conditions.push(...filterConditions(filters))
      if (filters.mine?.as === 'customer') conditions.push(eq(orders.customerId, filters.mine.userId))
      if (filters.mine?.as === 'executor') {
        // One set of ids (replied to, or chosen for) rather than an OR across two tables, which would read every
        // order: the specialist's own orders are few, each found by its index.
        const replied = db
          .select({ id: replies.orderId })
          .from(replies)
          .where(eq(replies.executorId, filters.mine.userId))
          .union(db.select({ id: orders.id }).from(orders).where(eq(orders.executorId, filters.mine.userId)))
        conditions.push(inArray(orders.id, replied))
      }
      const after = filters.after
        ? sql`(${orders.createdAt}, ${orders.id}) < (${filters.after.createdAt}::timestamptz, ${filters.after.id}::int)`
        : undefined
      const pageOf = (where: SQL | undefined) =>
        db
          .select(listedColumns)
          .from(orders)
          .where(after ? and(where, after) : where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          // One more than the page tells whether another page follows.
          .limit(filters.perPage + 1)
          .offset(after ? 0 : (filters.page - 1) * filters.perPage)
      const countOf = async (where: SQL | undefined, limit: number) => {
        const counted = db
          .select({ one: sql`1` })
          .from(orders)
          .where(where)
          .limit(limit)
          .as('counted')
        const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(counted)
        return row?.count ?? 0
      }
      let found: ListedRow[]
      let total: number
      if (filters.bbox) {
        // NOTE: a box in a city holds thousands of open orders, one in the steppe a handful. The first is served
        // best by walking the newest-first index and keeping the orders inside the box, the second by the GiST
        // index on their point and a sort of the few found; neither plan suits both. Counting the box through
        // the GiST index (up to BOX_COUNT_LIMIT, from the index alone) tells which one it is, and is its total.
        // Both test the order's public point, never its exact pin (docs/decisions/008): the walk rounds the exact
        // columns its index carries exactly as `spot` is rounded.
        const [minLng, minLat, maxLng, maxLat] = filters.bbox as [number, number, number, number]
        const inBoxBySpot = sql`${orders.spot} <@ box(point(${minLng}::float8, ${minLat}::float8), point(${maxLng}::float8, ${maxLat}::float8))`
        const inBoxByColumns = and(
          between(roundedToAreaSql(orders.lng), minLng, maxLng),
          between(roundedToAreaSql(orders.lat), minLat, maxLat),
        )!
        const countBox = () => countOf(and(...conditions, inBoxBySpot), BOX_COUNT_LIMIT)
        const fromCells = isOpenListedOnly(filters)
          ? await boxCells?.page(filters.bbox, filters, countBox)
          : undefined
        if (fromCells) return fromCells
        total = await countBox()
        if (total < BOX_COUNT_LIMIT) found = await pageOf(and(...conditions, inBoxBySpot))
        else {
          // The walk keeps one order in dozens: it picks the page's ids from orders_open_created alone (it carries
          // lng and lat), then reads just those rows.
          const ids = db
            .select({ id: orders.id })
            .from(orders)
            .where(and(...conditions, inBoxByColumns, after))
            .orderBy(desc(orders.createdAt), desc(orders.id))
            .limit(filters.perPage + 1)
            .offset(after ? 0 : (filters.page - 1) * filters.perPage)
            .as('page_ids')
          found = await db
            .select(listedColumns)
            .from(orders)
            .innerJoin(ids, eq(orders.id, ids.id))
            .orderBy(desc(orders.createdAt), desc(orders.id))
        }
      } else {
        // NOTE: counting every open order of a large market on each page would cost more than the page itself;
        // endless scrolling only needs to know that there is more, so the count stops at COUNT_LIMIT (an
        // index-only scan of the list's own index).
        const where = and(...conditions)
        ;[found, total] = await Promise.all([pageOf(where), countOf(where, COUNT_LIMIT)])
      }
      return pageFrom(found, total, filters.perPage)
    },

    /** These orders, each with the version of its row, in no particular order; those gone are left out. */
    rowsOf: (ids: number[]): Promise<VersionedOrderRow[]> =>
      db
        .select({ ...orderColumns, version })
        .from(orders)
        .where(inArray(orders.id, ids)),

    mapMarkers: createMapQuery(db, kept),

    async categoryOfService(serviceId: number) {
      const [row] = await db
        .select({ categoryId: services.categoryId })
        .from(services)
        .where(eq(services.id, serviceId))
      return row?.categoryId
    },

    /** Which of these services a specialist provides now: an active line of one of their active specialties. */
    async offeredServices(userId: number, ids: number[]) {
      const rows = await db
        .selectDistinct({ id: specialityServices.serviceId })
        .from(specialityServices)
        .innerJoin(specialities, eq(specialities.id, specialityServices.specialityId))
        .where(
          and(
            eq(specialityServices.userId, userId),
            inArray(specialityServices.serviceId, ids),
            eq(specialityServices.active, true),
            eq(specialities.active, true),
          ),
        )
      return rows.map((row) => row.id)
    },

    async existingServices(ids: number[]) {
      const rows = await db
        .select({ id: services.id })
        .from(services)
        .where(and(inArray(services.id, ids), eq(services.status, 'approved')))
      return rows.map((row) => row.id)
    },

    /** Adds a reply and counts it in one transaction; a second reply of the same executor answers undefined. */
    async addReply(values: typeof replies.$inferInsert) {
      const row = await db.transaction(async (tx) => {
        const [row] = await tx.insert(replies).values(values).onConflictDoNothing().returning()
        if (row) {
          await tx
            .update(orders)
            .set({ repliesCount: sql`${orders.repliesCount} + 1` })
            .where(eq(orders.id, values.orderId))
        }
        return row
      })
      // The list shows each order's number of replies.
      return changed(row)
    },

    async replyOf(orderId: number, executorId: number) {
      const [row] = await db
        .select()
        .from(replies)
        .where(and(eq(replies.orderId, orderId), eq(replies.executorId, executorId)))
        .limit(1)
      return row
    },

    /** Replies with their executor's public name, profile slug and rating; only `executorId`'s own when given. */
    repliesOf: (orderId: number, executorId?: number) =>
      db
        .select({
          id: replies.id,
          orderId: replies.orderId,
          executorId: replies.executorId,
          message: replies.message,
          createdAt: replies.createdAt,
          executorName: sql<string>`${users.name} || ' ' || ${users.surname}`,
          executorSlug: users.slug,
          executorRating: users.rating,
          executorReviewsCount: users.reviewsCount,
        })
        .from(replies)
        .innerJoin(users, eq(users.id, replies.executorId))
        .where(
          and(
            eq(replies.orderId, orderId),
            executorId === undefined ? undefined : eq(replies.executorId, executorId),
          ),
        )
        .orderBy(asc(replies.createdAt), asc(replies.id)),

    /** What the other party of an accepted order sees of a user: name, phone and profile slug. */
    async contactOf(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          surname: users.surname,
          phone: users.phone,
          slug: users.slug,
        })
        .from(users)
        // A deleted account has no contact left to give.
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1)
      return row
    },

    /** Whether a user exists who takes orders: a direct order can be sent to them. */
    async takesOrders(userId: number) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.acceptsOrders, true), isNull(users.deletedAt)))
        .limit(1)
      return row !== undefined
    },

    async reviewOf(orderId: number) {
      const [row] = await db.select().from(reviews).where(eq(reviews.orderId, orderId)).limit(1)
      return row
    },

    /**
     * Adds the review and recounts its specialist's rating and reviews count in the same transaction, so the
     * figures on their profile and in the specialists list always match their reviews.
     */
    async addReview(values: typeof reviews.$inferInsert) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(reviews).values(values).onConflictDoNothing().returning()
        if (row) {
          const counted = tx
            .select({
              n: sql<number>`count(*)::int`.as('n'),
              average: sql<number>`coalesce(avg(${reviews.rating}), 0)::real`.as('average'),
            })
            .from(reviews)
            .where(eq(reviews.executorId, values.executorId))
            .as('counted')
          await tx
            .update(users)
            .set({
              reviewsCount: sql`(select ${counted.n} from ${counted})`,
              rating: sql`(select round(${counted.average}::numeric, 2)::real from ${counted})`,
            })
            .where(eq(users.id, values.executorId))
        }
        return row
      })
    },
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>
