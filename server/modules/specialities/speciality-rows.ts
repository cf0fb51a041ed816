// The rows the specialities repository reads and writes, in a file of their own so its query parts and the
// repository import them without a circle.
import type { categories, services } from '#server/db/schema/catalogue.ts'
import type { specialities } from '#server/db/schema/specialists.ts'

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
