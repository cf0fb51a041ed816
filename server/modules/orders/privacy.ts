import { sql, type SQLWrapper } from 'drizzle-orm'
import type { OrderRow, OrderStatus } from '#server/db/rows/orders.ts'

/** Statuses in which the chosen executor has accepted: the two parties may now see each other's contacts. */
export const ACCEPTED: OrderStatus[] = ['in_progress', 'completed']

/** The public point's step in degrees: about a kilometre, enough to find orders near you, not enough to find the door. */
export const AREA_STEP = 0.01

/** Two decimals of a degree (AREA_STEP). */
export const roundToArea = (degrees: number | null) =>
  degrees === null ? null : Math.round(degrees * 100) / 100

/**
 * `roundToArea` in SQL, in the same float8 steps, so both give the very same double: the stored public point
 * (`orders.spot`) is made of it, and a list's walk tests a box with it on the exact columns its index carries.
 */
export const roundedToAreaSql = (degrees: SQLWrapper) => sql`(floor(${degrees} * 100 + 0.5) / 100)`

/** Whether the caller sees the street, house, flat and the exact pin: the customer, and the executor once accepted. */
export const seesExactPlace = (order: OrderRow, callerId: number | undefined) =>
  callerId !== undefined &&
  (order.customerId === callerId || (order.executorId === callerId && ACCEPTED.includes(order.status)))
