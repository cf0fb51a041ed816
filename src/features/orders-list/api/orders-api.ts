import { orderEndpoints } from '#contract/order-endpoints.ts'
import { api } from '#src/lib/api.ts'
import { savedCall } from '#src/lib/saved-call.ts'
import type { OrdersQuery } from '../orders-query.ts'

export const ordersApi = {
  /** A page of a list; the first one is kept on the device, so the list opens without a network. */
  page: (query: OrdersQuery) =>
    query.page === '1'
      ? savedCall(
          `orders:${new URLSearchParams(query as Record<string, string>).toString()}`,
          () => api.call(orderEndpoints.orders, { query }),
          // Kept at once, like an order: the list is what a person opens to read later on the way.
          { keepAtOnce: true },
        )
      : api.call(orderEndpoints.orders, { query }).then((data) => ({ data, saved: false as const })),

  /** Open orders in a map box, as markers and crowded areas. */
  map: (bbox: [number, number, number, number], filters: { service?: number; category?: number } = {}) =>
    api.call(orderEndpoints.ordersMap, {
      query: {
        bbox: bbox.map((value) => value.toFixed(5)).join(','),
        ...(filters.service !== undefined && { service: String(filters.service) }),
        ...(filters.category !== undefined && { category: String(filters.category) }),
      },
    }),
}
