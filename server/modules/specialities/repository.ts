// The specialties tables, read and written through their parts.
import type { Database } from '#server/db/client.ts'
import { createSpecialitiesReadsQueries } from './reads-queries.ts'
import { createSpecialitiesWritesQueries } from './writes-queries.ts'

export type { SpecialityRow, ServiceLine, SpecialityWithLines } from './speciality-rows.ts'

export function createSpecialitiesRepository(db: Database) {
  return {
    ...createSpecialitiesReadsQueries(db),
    ...createSpecialitiesWritesQueries(db),
  }
}
export type SpecialitiesRepository = ReturnType<typeof createSpecialitiesRepository>
