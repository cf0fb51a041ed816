// The order lifecycle's actions (docs/decisions/005-order-lifecycle.md): pausing, choosing, accepting, declining,
// completing and cancelling, each allowed to its party only.
import type { OrderAction } from '#contract/schemas/orders.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { forbidden, wrongStatus, type OrderAccess } from './order-access.ts'
import type { OrderTransition } from './order-transition.ts'
import type { OrdersRepository } from './repository.ts'

export function createOrderLifecycle({
  repo,
  clock,
  access,
  transition,
}: {
  repo: Pick<OrdersRepository, 'replyOf'>
  clock: Clock
  access: OrderAccess
  transition: OrderTransition
}) {
  return {
    async act(id: number, action: OrderAction, caller: UserRow, executorId: number | undefined) {
      const order = await access.orderOrThrow(id, caller)
      const isCustomer = order.customerId === caller.id
      const isChosen = order.executorId !== null && order.executorId === caller.id
      switch (action) {
        case 'toggle-replies':
          if (!isCustomer) throw forbidden()
          // Awaiting the chosen executor's answer (or a direct order) is not a pause the customer can lift.
          if (order.isDirect || order.executorId !== null) throw wrongStatus()
          return order.status === 'open'
            ? transition(order, ['open'], { status: 'inactive' }, caller)
            : transition(order, ['inactive'], { status: 'open' }, caller)
        case 'choose': {
          if (!isCustomer) throw forbidden()
          if (order.isDirect) throw wrongStatus()
          if (executorId === undefined || !(await repo.replyOf(order.id, executorId))) {
            throw fieldError('executor_id', 'executor_did_not_reply')
          }
          return transition(
            order,
            ['open', 'inactive'],
            { status: 'inactive', executorId, chosenAt: clock.now() },
            caller,
            'choose',
          )
        }
        case 'accept':
          if (!isChosen) throw forbidden()
          return transition(order, ['inactive'], { status: 'in_progress' }, caller, 'accept')
        case 'decline':
          if (!isChosen) throw forbidden()
          // A declined direct order has no one else to go to.
          return order.isDirect
            ? transition(order, ['inactive'], { status: 'canceled' }, caller, 'decline')
            : transition(
                order,
                ['inactive'],
                { status: 'open', executorId: null, chosenAt: null },
                caller,
                'decline',
              )
        case 'complete':
          if (!isCustomer) throw forbidden()
          return transition(
            order,
            ['in_progress'],
            { status: 'completed', completedAt: clock.now() },
            caller,
            'complete',
          )
        case 'cancel':
          if (!isCustomer) throw forbidden()
          return transition(
            order,
            ['open', 'inactive', 'in_progress'],
            { status: 'canceled' },
            caller,
            'cancel',
          )
      }
    },
  }
}
