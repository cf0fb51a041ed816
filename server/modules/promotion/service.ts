import type { Promotion } from '#contract/schemas/promotion.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import type { PromotionRepository } from './repository.ts'

const DAY_MS = 24 * 3600 * 1000

/**
 * A master's profile promotion (docs/decisions/016-plan-features.md): switched on for 1 to 30 days (the contract
 * checks the number), shown above the first page of /executors and first to hear of new orders while its days run
 * and the owner's plan still has `promotion`. Nothing is deleted when the plan ends: it simply stops showing.
 */
export function createPromotionService(repo: PromotionRepository, entitlements: Entitlements, clock: Clock) {
  async function present(userId: number): Promise<Promotion> {
    const row = await repo.of(userId)
    if (!row) return { promotion: null }
    const now = clock.now()
    const running = row.startsAt <= now && row.endsAt > now
    return {
      promotion: {
        starts_at: row.startsAt.toISOString(),
        ends_at: row.endsAt.toISOString(),
        // The plan is asked only for a running one: an ended promotion is inactive whatever the plan.
        active: running && (await entitlements.has(userId, 'promotion')),
      },
    }
  }

  return {
    promotion: (user: UserRow) => present(user.id),

    async start(user: UserRow, days: number) {
      // Promotion puts a specialist's card forward: a customer has none to promote.
      if (user.type !== 'executor') throw new AppError('forbidden', 'forbidden')
      await entitlements.require(user.id, 'promotion')
      const now = clock.now()
      await repo.start(user.id, now, new Date(now.getTime() + days * DAY_MS))
      return present(user.id)
    },

    async stop(user: UserRow) {
      // Always allowed: stopping costs nothing, and a plan that ended must not keep one from switching it off.
      await repo.stop(user.id, clock.now())
      return present(user.id)
    },

    /** For the notifier: those of `userIds` whose promotion shows now. */
    promotedAmong: (userIds: number[]) => repo.promotedAmong(userIds, clock.now()),
  }
}
export type PromotionService = ReturnType<typeof createPromotionService>
