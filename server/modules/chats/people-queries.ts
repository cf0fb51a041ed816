// Who and what a conversation shows beside its messages: the people and orders in it, and blocks between people.
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { userBlocks } from '#server/db/schema/chats.ts'
import { orders } from '#server/db/schema/orders.ts'
import { users } from '#server/db/schema/users.ts'

/** No query for no ids: the list's rows look their people and orders up in one batch, often of none. */
const unlessNone = async <Row>(ids: number[], load: () => PromiseLike<Row[]>): Promise<Row[]> =>
  ids.length === 0 ? [] : load()

/** What a conversation shows of a person: their name, photo, badge and presence. */
const PERSON_COLUMNS = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  slug: users.slug,
  type: users.type,
  photo: sql<string | null>`coalesce(${users.avatarThumb}, ${users.avatar})`,
  verification: users.verification,
  lastSeenAt: users.lastSeenAt,
  deletedAt: users.deletedAt,
}

/** What a conversation about an order shows of it. */
const ORDER_COLUMNS = {
  id: orders.id,
  name: orders.name,
  price: orders.price,
  priceMin: orders.priceMin,
  priceMax: orders.priceMax,
  status: orders.status,
}

export function createChatPeopleQueries(db: Database) {
  return {
    peopleByIds: (ids: number[]) =>
      unlessNone(ids, () => db.select(PERSON_COLUMNS).from(users).where(inArray(users.id, ids))),

    ordersByIds: (ids: number[]) =>
      unlessNone(ids, () => db.select(ORDER_COLUMNS).from(orders).where(inArray(orders.id, ids))),

    /** Blocks between `userId` and any of `others`, either way. */
    blocksAmong: (userId: number, others: number[]) =>
      unlessNone(others, () =>
        db
          .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
          .from(userBlocks)
          .where(
            or(
              and(eq(userBlocks.blockerId, userId), inArray(userBlocks.blockedId, others)),
              and(eq(userBlocks.blockedId, userId), inArray(userBlocks.blockerId, others)),
            ),
          ),
      ),

    async isBlocked(a: number, b: number) {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          or(
            and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
            and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
          ),
        )
        .limit(1)
      return rows.length > 0
    },

    async setBlock(blockerId: number, blockedId: number, blocked: boolean, at: Date) {
      if (blocked)
        await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing()
      else
        await db
          .delete(userBlocks)
          .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    },
  }
}
