// The specialist's job list (docs/decisions/031-workday.md): their accepted orders meeting a window, earliest first,
// each as its accepted specialist sees it (exact place, landmark, the customer's contact) with its steps so far.
import type { Job, JobsQuery } from '#contract/schemas/workday.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { presentProgress } from '#server/modules/orders/order-progress.ts'
import { presentOrder } from '#server/modules/orders/present-order.ts'
import type { WorkdayRepository } from './repository.ts'

export function createJobsList(repo: WorkdayRepository) {
  return async function jobs(query: JobsQuery, caller: UserRow) {
    if (caller.type !== 'executor') throw new AppError('forbidden', 'only_executors_work')
    const after = query.cursor ? decodeCursor(query.cursor, ['date', 'number']) : undefined
    const perPage = query.perPage
    const found = await repo.jobsWithin(
      caller.id,
      new Date(query.from),
      new Date(query.to),
      perPage + 1,
      after && { startedAt: new Date(after[0] as string), id: after[1] as number },
    )
    const page = found.slice(0, perPage)
    const ids = page.map((row) => row.id)
    const [steps, customers] = await Promise.all([
      repo.progressOf(ids),
      repo.contactsOf([...new Set(page.map((row) => row.customerId))]),
    ])
    const customerOf = new Map(customers.map((customer) => [customer.id, customer]))
    const collection: Job[] = page.map((row) => {
      const customer = customerOf.get(row.customerId)
      const contact = customer ? { ...customer, role: 'customer' as const, slug: null } : null
      return {
        ...presentOrder(row, caller.id, contact),
        progress: presentProgress(steps.filter((step) => step.orderId === row.id)),
      }
    })
    const last = found.length > perPage ? page.at(-1) : undefined
    return {
      collection,
      meta: {
        perPage,
        next_cursor: last ? encodeCursor([last.startedAt!.toISOString(), last.id]) : null,
      },
    }
  }
}
