// The orders' lists: the plain open list everyone opens first, any filtered list, a list in a map box, and the
// rows and map markers a list's answer is made of.
import { and, arrayContains, between, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { orderCounters, orders, replies } from '#server/db/schema/orders.ts'
import { createBoxCells } from './box-cells.ts'
import { filterConditions } from './filters.ts'
import {
  isOpenListedOnly,
  isPlainOpenList,
  listedColumns,
  orderColumns,
  pageFrom,
  version,
  type ListedRow,
} from './listed-columns.ts'
import { createMapQuery } from './map-query.ts'
import {
  BOX_COUNT_LIMIT,
  COUNT_LIMIT,
  type KeptOrderAnswers,
  type OrderFilters,
  type OrdersPage,
  type VersionedOrderRow,
} from './order-rows.ts'
import { roundedToAreaSql } from './privacy.ts'

type BoxCells = ReturnType<typeof createBoxCells>

/** The list's conditions but its box and its key. */
function conditionsOf(db: Database, filters: OrderFilters): SQL[] {
  const conditions: SQL[] = [
    filters.statusIn ? inArray(orders.status, filters.statusIn) : eq(orders.status, filters.status),
  ]
  if (filters.direct !== undefined) conditions.push(eq(orders.isDirect, filters.direct))
  if (filters.serviceId !== undefined) conditions.push(arrayContains(orders.services, [filters.serviceId]))
  if (filters.categoryId !== undefined) conditions.push(eq(orders.categoryId, filters.categoryId))
  conditions.push(...filterConditions(filters))
  // What a moderator hid (decision 029) leaves every list but its own people's.
  if (!filters.mine) conditions.push(isNull(orders.hiddenAt))
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
  return conditions
}

/** How one list's page is read: its rows where `where` holds, and their number up to a limit. */
function pageReads(db: Database, filters: OrderFilters) {
  const after = filters.after
    ? sql`(${orders.createdAt}, ${orders.id}) < (${filters.after.createdAt}::timestamptz, ${filters.after.id}::int)`
    : undefined
  const offset = after ? 0 : (filters.page - 1) * filters.perPage
  return {
    after,
    offset,
    pageOf: (where: SQL | undefined) =>
      db
        .select(listedColumns)
        .from(orders)
        .where(after ? and(where, after) : where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        // One more than the page tells whether another page follows.
        .limit(filters.perPage + 1)
        .offset(offset),
    async countOf(where: SQL | undefined, limit: number) {
      const counted = db
        .select({ one: sql`1` })
        .from(orders)
        .where(where)
        .limit(limit)
        .as('counted')
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(counted)
      return row?.count ?? 0
    },
  }
}

// NOTE: a box in a city holds thousands of open orders, one in the steppe a handful. The first is served best by
// walking the newest-first index and keeping the orders inside the box, the second by the GiST index on their
// point and a sort of the few found; neither plan suits both. Counting the box through the GiST index (up to
// BOX_COUNT_LIMIT, from the index alone) tells which one it is, and is its total. Both test the order's public
// point, never its exact pin (docs/decisions/008): the walk rounds the exact columns its index carries exactly as
// `spot` is rounded.
/** One page of a list in a map box: from the grid's kept cells when they hold it. */
async function boxPage(
  db: Database,
  filters: OrderFilters,
  bbox: number[],
  conditions: SQL[],
  boxCells: BoxCells | undefined,
): Promise<OrdersPage> {
  const { after, offset, pageOf, countOf } = pageReads(db, filters)
  const [minLng, minLat, maxLng, maxLat] = bbox as [number, number, number, number]
  const inBoxBySpot = sql`${orders.spot} <@ box(point(${minLng}::float8, ${minLat}::float8), point(${maxLng}::float8, ${maxLat}::float8))`
  const inBoxByColumns = and(
    between(roundedToAreaSql(orders.lng), minLng, maxLng),
    between(roundedToAreaSql(orders.lat), minLat, maxLat),
  )!
  const countBox = () => countOf(and(...conditions, inBoxBySpot), BOX_COUNT_LIMIT)
  const fromCells = isOpenListedOnly(filters) ? await boxCells?.page(bbox, filters, countBox) : undefined
  if (fromCells) return fromCells
  const total = await countBox()
  if (total < BOX_COUNT_LIMIT)
    return pageFrom(await pageOf(and(...conditions, inBoxBySpot)), total, filters.perPage)
  // The walk keeps one order in dozens: it picks the page's ids from orders_open_created alone (it carries lng and
  // lat), then reads just those rows.
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(...conditions, inBoxByColumns, after))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(filters.perPage + 1)
    .offset(offset)
    .as('page_ids')
  const found: ListedRow[] = await db
    .select(listedColumns)
    .from(orders)
    .innerJoin(ids, eq(orders.id, ids.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
  return pageFrom(found, total, filters.perPage)
}

/**
 * The list everyone opens first: one statement, planned once per connection, that also reads its total (kept by
 * triggers, migration 0011).
 */
function createPlainOpenList(db: Database) {
  const openListed = and(eq(orders.status, 'open'), eq(orders.isDirect, false), isNull(orders.hiddenAt))
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
  return async (filters: OrderFilters) => {
    const limit = filters.perPage + 1
    const found = filters.after
      ? await plainOpenAfter.execute({ limit, ...filters.after })
      : await plainOpenPage.execute({ limit, offset: (filters.page - 1) * filters.perPage })
    return pageFrom(found, found[0]?.total ?? (await openListedTotal()), filters.perPage)
  }
}

export function createOrdersListQueries(db: Database, kept?: KeptOrderAnswers) {
  const boxCells = kept && createBoxCells(db, kept, BOX_COUNT_LIMIT)
  const plainOpenList = createPlainOpenList(db)
  return {
    /**
     * One page of orders, newest first, and their number counted up to COUNT_LIMIT. With `after` the page starts
     * behind that key (an index range, no OFFSET): its cost is the same at any depth. `next` is the key of the
     * page's last order when more follow.
     */
    async list(filters: OrderFilters): Promise<OrdersPage> {
      if (isPlainOpenList(filters)) return plainOpenList(filters)
      const conditions = conditionsOf(db, filters)
      if (filters.bbox) return boxPage(db, filters, filters.bbox, conditions, boxCells)
      // NOTE: counting every open order of a large market on each page would cost more than the page itself;
      // endless scrolling only needs to know that there is more, so the count stops at COUNT_LIMIT (an
      // index-only scan of the list's own index).
      const { pageOf, countOf } = pageReads(db, filters)
      const where = and(...conditions)
      const [found, total] = await Promise.all([pageOf(where), countOf(where, COUNT_LIMIT)])
      return pageFrom(found, total, filters.perPage)
    },

    /** These orders, each with the version of its row, in no particular order; those gone are left out. */
    rowsOf: (ids: number[]): Promise<VersionedOrderRow[]> =>
      db
        .select({ ...orderColumns, version })
        .from(orders)
        .where(inArray(orders.id, ids)),

    mapMarkers: createMapQuery(db, kept),
  }
}
