/**
 * The order tabs and work places as plain lists, apart from the valibot schemas: the first screen's route checks
 * read them without loading the order schemas.
 */
export const ORDER_STATUSES = ['open', 'inactive', 'in_progress', 'completed', 'canceled', 'archive'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_PLACES = ['online', 'at_customer', 'at_executor'] as const
export type OrderPlace = (typeof ORDER_PLACES)[number]
