// The profile tables, read and written through their parts: the account's own row, the statistics, the reviews.
import type { Database } from '#server/db/client.ts'
import { createProfileAccountQueries } from './account-queries.ts'
import { createProfileReviewsQueries } from './reviews-queries.ts'
import { createProfileStatisticsQueries } from './statistics-queries.ts'

export function createProfileRepository(db: Database) {
  return {
    ...createProfileStatisticsQueries(db),
    ...createProfileReviewsQueries(db),
    ...createProfileAccountQueries(db),
  }
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>
