import type { Database } from '#server/db/client.ts'
import { createOrdersListQueries } from './list-queries.ts'
import { createOrderReferencesQueries } from './order-references-queries.ts'
import { createOrderRepliesQueries } from './order-replies-queries.ts'
import type { KeptOrderAnswers } from './order-rows.ts'
import { createOrderProgressQueries } from './order-progress-queries.ts'
import { createOrderViewsQueries } from './order-views-queries.ts'
import { createOrderWritesQueries } from './order-writes-queries.ts'

// The row types and limits are named here too: the rest of the server imports them from the repository.
export { BOX_COUNT_LIMIT, COUNT_LIMIT, LIVE_STATUSES } from './order-rows.ts'
export type {
  ListedOrder,
  ListKey,
  OrderFilters,
  OrderRow,
  OrdersPage,
  OrderStatus,
  Published,
  RefusalReason,
  VersionedOrderRow,
} from './order-rows.ts'

/**
 * The only code touching the orders' tables, made of its parts. `kept` holds answers read from orders
 * (public-answers.ts): the grid's cells of the map and of lists in a box are read through it, and every write to an
 * order empties it.
 */
export function createOrdersRepository(db: Database, kept?: KeptOrderAnswers) {
  return {
    ...createOrderWritesQueries(db, kept),
    ...createOrderViewsQueries(db),
    ...createOrdersListQueries(db, kept),
    ...createOrderReferencesQueries(db),
    ...createOrderRepliesQueries(db, kept),
    ...createOrderProgressQueries(db),
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>
