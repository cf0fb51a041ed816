// Who may read an order, and the order as its reader sees it (the other party's contact included): every action
// of the orders service starts here.
import type { OrderContact } from '#contract/schemas/orders.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { OrderRow, OrderStatus } from './order-rows.ts'
import { presentOrder } from './present-order.ts'
import { ACCEPTED } from './privacy.ts'
import type { OrdersRepository } from './repository.ts'

export const forbidden = () => new AppError('forbidden', 'forbidden')
export const wrongStatus = () => new AppError('conflict', 'order_wrong_status')
export const notFound = () => new AppError('not_found', 'not_found')

/** Live orders anyone may read; a closed one (completed, canceled, archived) only its parties and repliers. */
const PUBLIC_STATUSES: OrderStatus[] = ['open', 'inactive', 'in_progress']
const isParty = (order: OrderRow, callerId: number | undefined) =>
  callerId !== undefined && (order.customerId === callerId || order.executorId === callerId)

export function createOrderAccess(repo: Pick<OrdersRepository, 'find' | 'replyOf' | 'contactOf'>) {
  /** The other party's contact, once the chosen executor accepted; null for anyone else. */
  async function contactFor(order: OrderRow, callerId: number | undefined): Promise<OrderContact | null> {
    if (callerId === undefined || order.executorId === null || !ACCEPTED.includes(order.status)) return null
    const other =
      order.customerId === callerId
        ? order.executorId
        : order.executorId === callerId
          ? order.customerId
          : undefined
    if (other === undefined) return null
    const user = await repo.contactOf(other)
    if (!user) return null
    return {
      id: user.id,
      role: other === order.customerId ? 'customer' : 'executor',
      name: user.name,
      surname: user.surname,
      phone: user.phone,
      slug: other === order.executorId ? user.slug : null,
    }
  }

  return {
    /**
     * The order if the caller may read it: to anyone else it does not exist. Direct orders are their two parties';
     * a closed order stays readable to its parties and to the specialists who replied (it is in their lists).
     */
    async orderOrThrow(id: number, caller: UserRow | undefined) {
      const order = await repo.find(id)
      if (!order) throw notFound()
      // A moderator hid it (decision 029): its customer still has it, nobody else.
      if (order.hiddenAt && order.customerId !== caller?.id) throw notFound()
      if (isParty(order, caller?.id)) return order
      if (order.isDirect) throw notFound()
      if (PUBLIC_STATUSES.includes(order.status)) return order
      if (order.status !== 'archive' && caller && (await repo.replyOf(order.id, caller.id))) return order
      throw notFound()
    },

    /** One order as its reader may see it, contacts included. */
    presentFor: async (order: OrderRow, caller: UserRow | undefined) =>
      presentOrder(order, caller?.id, await contactFor(order, caller?.id)),
  }
}
export type OrderAccess = ReturnType<typeof createOrderAccess>
