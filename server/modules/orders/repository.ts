import { and, arrayContains, asc, between, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { services } from '#server/db/schema/catalogue.ts'
import { orders, replies, reviews } from '#server/db/schema/orders.ts'
import type { OrderPlace } from '#contract/schemas/orders.ts'
import { filterConditions } from './filters.ts'
import { mapMarkers } from './map-query.ts'
import { users } from '#server/db/schema/users.ts'

/** Lists count matching orders up to this many; `meta.total` says 10000 for "10,000 or more". */
export const COUNT_LIMIT = 10_000

export type OrderRow = typeof orders.$inferSelect
export type OrderStatus = OrderRow['status']

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
}

export function createOrdersRepository(db: Database) {
  return {
    async insert(values: typeof orders.$inferInsert) {
      const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning()
      return row
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

    /** Changes an order only if it is still in one of `from`: two racing actions cannot both win. */
    async transition(id: number, from: OrderStatus[], changes: Partial<typeof orders.$inferInsert>) {
      const [row] = await db
        .update(orders)
        .set(changes)
        .where(and(eq(orders.id, id), inArray(orders.status, from)))
        .returning()
      return row
    },

    async list(filters: OrderFilters) {
      const conditions: SQL[] = [
        filters.statusIn ? inArray(orders.status, filters.statusIn) : eq(orders.status, filters.status),
      ]
      if (filters.direct !== undefined) conditions.push(eq(orders.isDirect, filters.direct))
      if (filters.serviceId !== undefined)
        conditions.push(arrayContains(orders.services, [filters.serviceId]))
      if (filters.categoryId !== undefined) conditions.push(eq(orders.categoryId, filters.categoryId))
      if (filters.bbox) {
        const [minLng, minLat, maxLng, maxLat] = filters.bbox as [number, number, number, number]
        conditions.push(between(orders.lng, minLng, maxLng), between(orders.lat, minLat, maxLat))
      }
      conditions.push(...filterConditions(filters))
      if (filters.mine?.as === 'customer') conditions.push(eq(orders.customerId, filters.mine.userId))
      if (filters.mine?.as === 'executor') {
        const replied = db
          .select({ id: replies.orderId })
          .from(replies)
          .where(eq(replies.executorId, filters.mine.userId))
        conditions.push(or(eq(orders.executorId, filters.mine.userId), inArray(orders.id, replied))!)
      }
      const where = and(...conditions)
      // NOTE: counting every open order of a large market on each page would cost more than the page itself;
      // endless scrolling only needs to know that there is more, so the count stops at COUNT_LIMIT.
      const counted = db
        .select({ one: sql`1` })
        .from(orders)
        .where(where)
        .limit(COUNT_LIMIT)
        .as('counted')
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(filters.perPage)
          .offset((filters.page - 1) * filters.perPage),
        db.select({ count: sql<number>`count(*)::int` }).from(counted),
      ])
      return { rows, total: total?.count ?? 0 }
    },

    mapMarkers: (query: Parameters<typeof mapMarkers>[1]) => mapMarkers(db, query),

    async categoryOfService(serviceId: number) {
      const [row] = await db
        .select({ categoryId: services.categoryId })
        .from(services)
        .where(eq(services.id, serviceId))
      return row?.categoryId
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
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(replies).values(values).onConflictDoNothing().returning()
        if (row) {
          await tx
            .update(orders)
            .set({ repliesCount: sql`${orders.repliesCount} + 1` })
            .where(eq(orders.id, values.orderId))
        }
        return row
      })
    },

    async replyOf(orderId: number, executorId: number) {
      const [row] = await db
        .select()
        .from(replies)
        .where(and(eq(replies.orderId, orderId), eq(replies.executorId, executorId)))
        .limit(1)
      return row
    },

    /** Replies with their executor's name; only `executorId`'s own when it is given. */
    repliesOf: (orderId: number, executorId?: number) =>
      db
        .select({
          id: replies.id,
          orderId: replies.orderId,
          executorId: replies.executorId,
          message: replies.message,
          createdAt: replies.createdAt,
          executorName: sql<string>`${users.name} || ' ' || ${users.surname}`,
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
