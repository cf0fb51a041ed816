import { sql, type SQL } from 'drizzle-orm'
import {
  FREE_MEDIA_BYTES,
  FREE_SPECIALITIES_MAX,
  hasFeature,
  planUnlocking,
  plansWith,
  type Plan,
  type PlanFeature,
} from '#contract/schemas/plan-features.ts'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { createWalletRepository } from './repository.ts'

/** The error a locked feature answers: 403, its code naming the cheapest plan that unlocks it. */
export const planRequired = (feature: PlanFeature, field?: string) => {
  const code = `plan_required_${planUnlocking(feature)}` as const
  return new AppError('forbidden', code, field ? { fields: { [field]: [code] } } : {})
}

/**
 * A condition true while the user in `userColumn` has a plan period running at `now` that includes `feature`, for
 * queries that show or rank many people at once (a correlated `exists` over `plan_periods_user`, a few rows each).
 */
export function planFeatureActiveSql(userColumn: SQL, feature: PlanFeature, now: Date): SQL {
  const plans = plansWith(feature)
  return sql`exists (select 1 from plan_periods pp where pp.user_id = ${userColumn} and pp.revoked_at is null
    and pp.starts_at <= ${now.toISOString()}::timestamptz and pp.ends_at > ${now.toISOString()}::timestamptz
    and pp.plan in (${sql.join(
      plans.map((plan) => sql`${plan}`),
      sql`, `,
    )}))`
}

/**
 * What a person's plan lets them do now (docs/decisions/016-plan-features.md). Every write a plan unlocks asks
 * here, on the server: hiding a button is not a lock.
 */
export function createEntitlements({ db, clock }: { db: Database; clock: Clock }) {
  const repo = createWalletRepository(db)
  const planOf = async (userId: number): Promise<Plan | null> =>
    (await repo.planAt(userId, clock.now())) ?? null

  return {
    planOf,
    async has(userId: number, feature: PlanFeature) {
      return hasFeature(await planOf(userId), feature)
    },
    /** Throws `plan_required_<plan>` (403) unless the person's plan includes the feature. */
    async require(userId: number, feature: PlanFeature, field?: string) {
      if (!hasFeature(await planOf(userId), feature)) throw planRequired(feature, field)
    },
    /** How many specialties the person may have: unlimited with a plan that says so. */
    async specialitiesMax(userId: number) {
      return hasFeature(await planOf(userId), 'unlimited_specialties') ? Infinity : FREE_SPECIALITIES_MAX
    },
    /** The largest portfolio or document file the person may upload, in bytes. */
    async mediaBytesMax(userId: number, uploadMax: number) {
      return hasFeature(await planOf(userId), 'media_10mb')
        ? uploadMax
        : Math.min(FREE_MEDIA_BYTES, uploadMax)
    },
    /** Of these people, those whose plan includes the feature now: one statement, a few index rows each. */
    async withFeature(userIds: number[], feature: PlanFeature): Promise<number[]> {
      if (userIds.length === 0) return []
      const result = await db.execute(sql`select u.id from unnest(${`{${userIds.join(',')}}`}::int[]) as u(id)
        where ${planFeatureActiveSql(sql`u.id`, feature, clock.now())}`)
      return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id))
    },
    activeSql: (userColumn: SQL, feature: PlanFeature) =>
      planFeatureActiveSql(userColumn, feature, clock.now()),
  }
}
export type Entitlements = ReturnType<typeof createEntitlements>
