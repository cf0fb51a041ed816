// Proposed services: the moderators' queue, and the three decisions, each one transaction that takes the pending
// row first, so a second decision (another moderator's) finds nothing to decide.
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '#server/db/client.ts'
import { categories, services, type Localized } from '#server/db/schema/catalogue.ts'
import { orders, reviews } from '#server/db/schema/orders.ts'
import { specialityServices } from '#server/db/schema/specialists.ts'
import { users } from '#server/db/schema/users.ts'
import { searchColumnsOf } from '#server/modules/catalogue/search-columns.ts'

const parents = alias(services, 'parents')
const pending = eq(services.status, 'pending')

/** The keyset of the queue with the microseconds a JavaScript date would lose (see profile/reviews-queries.ts). */
const cursorAt = sql<string>`to_char(${services.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** What a decision tells: the service it became (or the proposal's own names) and who proposed it. */
export type Decided = {
  proposerId: number | null
  name: Localized
  slug: string
  categorySlug: string
  parentSlug: string | null
  serviceId: number
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** The pending row, locked until the transaction ends; undefined when it is decided or was never a proposal. */
async function takePending(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      categoryId: services.categoryId,
      proposedBy: services.proposedBy,
    })
    .from(services)
    .where(and(eq(services.id, id), pending))
    .for('update')
  return row
}

/** A service with its category's and parent's slugs: where its page is. */
async function placeOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: services.id,
      name: services.name,
      slug: services.slug,
      status: services.status,
      categoryId: services.categoryId,
      categorySlug: categories.slug,
      parentSlug: parents.slug,
    })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId))
    .leftJoin(parents, eq(parents.id, services.parentId))
    .where(eq(services.id, id))
  return row
}

export function createProposalsQueries(db: Database) {
  return {
    /** Pending proposals, oldest first, after the cursor's row; one more than asked, to tell whether more follow. */
    queue: (limit: number, after?: { at: string; id: number }) =>
      db
        .select({
          id: services.id,
          name: services.name,
          description: services.description,
          createdAt: services.createdAt,
          cursorAt,
          category: { id: categories.id, slug: categories.slug, name: categories.name },
          parentId: parents.id,
          parentSlug: parents.slug,
          parentName: parents.name,
          proposerId: users.id,
          proposerName: users.name,
          proposerSurname: users.surname,
        })
        .from(services)
        .innerJoin(categories, eq(categories.id, services.categoryId))
        .leftJoin(parents, eq(parents.id, services.parentId))
        .leftJoin(users, eq(users.id, services.proposedBy))
        .where(
          and(
            pending,
            after
              ? sql`(${services.createdAt}, ${services.id}) > (${after.at}::timestamptz, ${after.id}::int)`
              : undefined,
          ),
        )
        .orderBy(asc(services.createdAt), asc(services.id))
        .limit(limit + 1),

    /** Whether another service of this category has this address. */
    async slugTaken(categoryId: number, slug: string, exceptId: number) {
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.categoryId, categoryId), eq(services.slug, slug), ne(services.id, exceptId)))
        .limit(1)
      return row !== undefined
    },

    /** The proposal's category, or undefined once it is decided. */
    async pendingCategory(id: number) {
      const [row] = await db
        .select({ categoryId: services.categoryId })
        .from(services)
        .where(and(eq(services.id, id), pending))
      return row?.categoryId
    },

    /**
     * The proposal into the catalogue under these names and address, with its search columns written anew from
     * them, so the search finds it by any of its names at once.
     */
    approve: (id: number, name: Localized, slug: string) =>
      db.transaction(async (tx): Promise<Decided | undefined> => {
        const row = await takePending(tx, id)
        if (!row) return undefined
        await tx
          .update(services)
          .set({ name, slug, status: 'approved', ...searchColumnsOf(name, row.description) })
          .where(eq(services.id, id))
        const place = (await placeOf(tx, id))!
        return { ...place, serviceId: id, proposerId: row.proposedBy }
      }),

    /**
     * Everything that points at the proposal points at `intoId` instead (its sub-services, the specialists'
     * lines, the orders' services, the reviews), then the proposal goes. `undefined`: nothing pending; `invalid`:
     * the target is not another approved service of the proposal's category.
     */
    merge: (id: number, intoId: number) =>
      db.transaction(async (tx): Promise<Decided | 'invalid' | undefined> => {
        const row = await takePending(tx, id)
        if (!row) return undefined
        const target = await placeOf(tx, intoId)
        if (
          !target ||
          target.id === id ||
          target.status !== 'approved' ||
          target.categoryId !== row.categoryId
        )
          return 'invalid'
        await tx.update(services).set({ parentId: intoId }).where(eq(services.parentId, id))
        // One line per specialty and service: a specialty that offers both keeps the target's line.
        await tx.delete(specialityServices).where(
          and(
            eq(specialityServices.serviceId, id),
            sql`exists (select 1 from ${specialityServices} as kept
                          where kept.speciality_id = ${specialityServices.specialityId}
                            and kept.service_id = ${intoId})`,
          ),
        )
        await tx
          .update(specialityServices)
          .set({ serviceId: intoId })
          .where(eq(specialityServices.serviceId, id))
        // Each order names a service once, in the order it named them.
        await tx
          .update(orders)
          .set({
            services: sql`array(select s from unnest(array_replace(${orders.services}, ${id}::int, ${intoId}::int))
                                with ordinality as u(s, i) group by s order by min(i))`,
          })
          .where(sql`${id}::int = any(${orders.services})`)
        await tx.update(reviews).set({ serviceId: intoId }).where(eq(reviews.serviceId, id))
        await tx.delete(services).where(eq(services.id, id))
        return { ...target, serviceId: intoId, proposerId: row.proposedBy }
      }),

    /** The proposal is removed; what it was called is answered for the proposer's notification. */
    reject: (id: number) =>
      db.transaction(async (tx) => {
        const row = await takePending(tx, id)
        if (!row) return undefined
        await tx.delete(services).where(eq(services.id, id))
        return { proposerId: row.proposedBy, name: row.name }
      }),
  }
}
export type ProposalsQueries = ReturnType<typeof createProposalsQueries>
