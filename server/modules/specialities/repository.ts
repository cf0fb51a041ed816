// The specialties tables, read and written through their parts.
import type { Database } from '#server/db/client.ts'
import type { categories, services } from '#server/db/schema/catalogue.ts'
import type { specialities } from '#server/db/schema/specialists.ts'
import { createSpecialitiesReadsQueries } from './reads-queries.ts'
import { createSpecialitiesWritesQueries } from './writes-queries.ts'

export type SpecialityRow = typeof specialities.$inferSelect
export type ServiceLine = {
  serviceId: number
  priceFrom: number | null
  priceTo: number | null
  active: boolean
}

/** A specialty with its category and service lines, as the presenters read it. */
export type SpecialityWithLines = SpecialityRow & {
  category: { id: number; slug: string; name: typeof categories.$inferSelect.name }
  lines: {
    id: number
    active: boolean
    priceFrom: number | null
    priceTo: number | null
    service: { id: number; slug: string; name: typeof services.$inferSelect.name }
  }[]
}

export function createSpecialitiesRepository(db: Database) {
  return {
    ...createSpecialitiesReadsQueries(db),
    ...createSpecialitiesWritesQueries(db),
  }
}
export type SpecialitiesRepository = ReturnType<typeof createSpecialitiesRepository>
