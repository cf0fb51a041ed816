// The reports' tables and what the moderators' decisions write, as one repository (decision 029).
import type { Database } from '#server/db/client.ts'
import { createConsoleQueries } from './console-queries.ts'
import { createDecisionQueries } from './decision-queries.ts'
import { createItemReportsQueries } from './item-reports-queries.ts'

export function createReportsRepository(db: Database) {
  return {
    ...createItemReportsQueries(db),
    ...createConsoleQueries(db),
    ...createDecisionQueries(db),
  }
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>
