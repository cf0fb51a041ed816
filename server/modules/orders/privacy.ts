import type { OrderRow, OrderStatus } from './repository.ts'

/** Statuses in which the chosen executor has accepted: the two parties may now see each other's contacts. */
export const ACCEPTED: OrderStatus[] = ['in_progress', 'completed']

/** Two decimals of a degree: about a kilometre, enough to find orders near you, not enough to find the door. */
export const roundToArea = (degrees: number | null) =>
  degrees === null ? null : Math.round(degrees * 100) / 100

/** Whether the caller sees the street, house, flat and the exact pin: the customer, and the executor once accepted. */
export const seesExactPlace = (order: OrderRow, callerId: number | undefined) =>
  callerId !== undefined &&
  (order.customerId === callerId || (order.executorId === callerId && ACCEPTED.includes(order.status)))
