import { createProfileAccount } from './account.ts'
import { createProfilePlanUnlocked } from './plan-unlocked.ts'
import { createPublicProfile } from './public-profile.ts'
import { createProfileReviews } from './reviews.ts'
import type { ProfileDeps } from './service-deps.ts'

export type { ProfileStorage } from './service-deps.ts'

/** The caller's own profile and account, and what everyone sees of a specialist. */
export function createProfileService(deps: ProfileDeps) {
  return {
    ...createProfileAccount(deps),
    ...createProfilePlanUnlocked(deps),
    ...createPublicProfile(deps),
    ...createProfileReviews(deps),
  }
}
export type ProfileService = ReturnType<typeof createProfileService>
