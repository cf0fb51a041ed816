// The one way the orders service changes an order: only from the statuses an action allows, and a lifecycle action
// is announced once it is written.
import type { UserRow } from '#server/db/schema/users.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import { wrongStatus, type OrderAccess } from './order-access.ts'
import type { OrderRow, OrderStatus } from './order-rows.ts'
import type { OrdersRepository } from './repository.ts'

export type LifecycleAction = 'choose' | 'accept' | 'decline' | 'cancel' | 'complete'

export function createOrderTransition({
  repo,
  clock,
  events,
  access,
}: {
  repo: Pick<OrdersRepository, 'transition'>
  clock: Clock
  events: DomainEvents
  access: OrderAccess
}) {
  /** Changes the order if it is still in one of `from`; a lifecycle `action` is announced once it is written. */
  return async function transition(
    order: OrderRow,
    from: OrderStatus[],
    changes: Partial<OrderRow>,
    caller: UserRow,
    action?: LifecycleAction,
  ) {
    if (!from.includes(order.status)) throw wrongStatus()
    // The customer letting a chosen specialist go is recorded for the refused-services report (decision 015).
    const refusal = action === 'cancel' ? 'canceled' : action === 'choose' ? 'replaced' : undefined
    const changed = await repo.transition(order.id, from, { ...changes, updatedAt: clock.now() }, refusal)
    if (!changed) throw wrongStatus()
    if (action) {
      events.publish({
        type: 'order.changed',
        action,
        order: changed,
        executorId: order.executorId,
        actorId: caller.id,
      })
    }
    return access.presentFor(changed, caller)
  }
}
export type OrderTransition = ReturnType<typeof createOrderTransition>
