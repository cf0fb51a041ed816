import { coreEndpoints } from '#contract/core-endpoints.ts'
import { orderEndpoints } from '#contract/order-endpoints.ts'
import type { OrderAction } from '#contract/schemas/orders.ts'
import { api } from '#src/lib/api.ts'
import { savedCall } from '#src/lib/saved-call.ts'

/** The order page's calls: the order (kept on the device for offline reading), its replies, actions and review. */
export const orderApi = {
  // Kept at once: a person who opens an order (often from a link, as the first page) may lose the network soon.
  order: (id: number) =>
    savedCall(`order:${id}`, () => api.call(orderEndpoints.order, { params: { id } }), { keepAtOnce: true }),

  replies: async (id: number) => (await api.call(orderEndpoints.orderReplies, { params: { id } })).collection,

  act: (id: number, action: OrderAction, executorId?: number) =>
    api.call(orderEndpoints.orderAction, {
      params: { id, action },
      body: executorId === undefined ? {} : { executor_id: executorId },
    }),

  remove: (id: number) => api.call(orderEndpoints.deleteOrder, { params: { id } }),

  review: (id: number, body: { rating: number; comment: string; service: number | null }) =>
    api.call(orderEndpoints.review, { params: { id }, body }),

  /** The review once left; `null` before. */
  reviewOf: (id: number) =>
    api.call(orderEndpoints.orderReview, { params: { id } }).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404) return null
      throw error
    }),

  serviceName: async (id: number) => (await api.call(coreEndpoints.service, { params: { id } })).name,

  /** The caller's direct orders: a customer's sent ones, an executor's received ones. */
  directOrders: () =>
    savedCall(
      'orders:direct',
      async () =>
        (await api.call(orderEndpoints.orders, { query: { scope: 'mine', direct: '1', perPage: '50' } }))
          .collection,
    ),
}
