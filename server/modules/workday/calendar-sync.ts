// An accepted order is a busy time in its specialist's calendar, so their public profile shows them busy then; a
// cancelled order frees it (docs/decisions/031-workday.md).
import type { DomainEvent } from '#server/lib/domain-events.ts'
import { JOB_DEFAULT_MS, type WorkdayRepository } from './repository.ts'

const orderNumber = (id: number) => String(id).padStart(6, '0')

export const busyTimeFollowsOrders = (repo: WorkdayRepository) => async (event: DomainEvent) => {
  if (event.type !== 'order.changed') return
  const { order } = event
  if (event.action === 'cancel') return repo.removeBusy(order.id)
  // An order with no start has no time to be busy in; the job list and the feed leave it out too.
  if (event.action !== 'accept' || order.executorId === null || order.startedAt === null) return
  await repo.addBusy({
    id: order.id,
    executorId: order.executorId,
    // Only the owner reads titles (server/modules/calendar): the order's number and name, nothing of the customer.
    title: `№${orderNumber(order.id)} ${order.name}`.slice(0, 100),
    startedAt: order.startedAt,
    endedAt: order.endedAt ?? new Date(order.startedAt.getTime() + JOB_DEFAULT_MS),
  })
}
