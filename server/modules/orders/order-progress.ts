// The accepted specialist's steps of an order's day (docs/decisions/031-workday.md): on my way, arrived, done.
import {
  PROGRESS_STEPS,
  TAPPED_AGE_MAX_DAYS,
  TAPPED_AHEAD_MAX_S,
  type ProgressBody,
  type ProgressEntry,
  type ProgressResponse,
} from '#contract/schemas/progress.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DomainEvents } from '#server/lib/domain-events.ts'
import type { OrderAccess } from './order-access.ts'
import type { ProgressRow } from './order-progress-queries.ts'
import type { OrderRow } from './order-rows.ts'
import type { OrdersRepository } from './repository.ts'

const DAY_MS = 24 * 3600 * 1000

export const presentProgress = (rows: ProgressRow[]): ProgressEntry[] =>
  rows.map((row) => ({
    step: row.step,
    eta_minutes: row.etaMinutes,
    tapped_at: row.tappedAt.toISOString(),
  }))

/** Whether the caller sees an order's steps: its customer, and its specialist once they accepted. */
export const seesProgress = (order: OrderRow, callerId: number | undefined) =>
  callerId !== undefined &&
  (order.customerId === callerId ||
    (order.executorId === callerId && ['in_progress', 'completed'].includes(order.status)))

export function createOrderProgress({
  repo,
  clock,
  events,
  access,
}: {
  repo: Pick<OrdersRepository, 'progressOf' | 'progressByKey' | 'takeStep'>
  clock: Clock
  events: DomainEvents
  access: OrderAccess
}) {
  const answer = async (orderId: number): Promise<ProgressResponse> => ({
    order_id: orderId,
    progress: presentProgress(await repo.progressOf(orderId)),
  })

  /** Why a step was not taken, read after the one statement that would have taken it wrote nothing. */
  async function refusal(order: OrderRow, callerId: number, rank: number) {
    if (order.status !== 'in_progress') return new AppError('conflict', 'progress_not_in_progress')
    const taken = (await repo.progressOf(order.id)).filter((row) => row.executorId === callerId)
    if (taken.some((row) => row.rank === rank)) return new AppError('conflict', 'progress_step_taken')
    return new AppError('conflict', 'progress_step_backwards')
  }

  return {
    /**
     * A tap of the order's accepted specialist while it is in progress. A replayed `client_key` answers the list as
     * it is, without a second notification; "done" asks the customer to confirm completion (their `complete`).
     */
    async progress(id: number, body: ProgressBody, caller: UserRow): Promise<ProgressResponse> {
      const order = await access.orderOrThrow(id, caller)
      if (order.executorId !== caller.id) throw new AppError('forbidden', 'progress_not_your_job')
      const replayed = await repo.progressByKey(order.id, body.client_key)
      if (replayed) return answer(order.id)
      if (order.status !== 'in_progress') throw new AppError('conflict', 'progress_not_in_progress')
      const now = clock.now()
      const tappedAt = new Date(body.tapped_at)
      if (
        tappedAt.getTime() > now.getTime() + TAPPED_AHEAD_MAX_S * 1000 ||
        tappedAt.getTime() < now.getTime() - TAPPED_AGE_MAX_DAYS * DAY_MS
      )
        throw fieldError('tapped_at', 'tapped_at_invalid')
      const rank = PROGRESS_STEPS.indexOf(body.step) + 1
      const taken = await repo.takeStep({
        orderId: order.id,
        executorId: caller.id,
        step: body.step,
        rank,
        etaMinutes: body.eta_minutes,
        tappedAt,
        clientKey: body.client_key,
        createdAt: now,
      })
      if (!taken) {
        // A concurrent replay of the same key wrote first: answer as the replay would.
        if (await repo.progressByKey(order.id, body.client_key)) return answer(order.id)
        throw await refusal(order, caller.id, rank)
      }
      const response = await answer(order.id)
      events.publish({
        type: 'order.progress',
        order,
        executorId: caller.id,
        step: taken.step,
        tappedAt: taken.tappedAt,
        etaMinutes: taken.etaMinutes,
        progress: response.progress,
      })
      return response
    },
  }
}
