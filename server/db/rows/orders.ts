// The order's row as the whole server reads it: beside the schema, so lib (domain events) may name it without
// importing a module.
import type { orderRefusals, orders } from '#server/db/schema/orders.ts'

/** An order as the app uses it; `spot` only serves the box indexes. */
export type OrderRow = Omit<typeof orders.$inferSelect, 'spot'>
export type OrderStatus = OrderRow['status']
export type RefusalReason = (typeof orderRefusals.$inferInsert)['reason']
