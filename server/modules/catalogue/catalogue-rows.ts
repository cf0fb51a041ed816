// The catalogue's rows (categories, services), in a file of their own so its repository and query parts import them
// without a circle.
import type { categories, services } from '#server/db/schema/catalogue.ts'

export type CategoryRow = typeof categories.$inferSelect
export type ServiceRow = typeof services.$inferSelect & {
  categorySlug: string
  categoryName: CategoryRow['name']
  childrenCount: number
  parentSlug: string | null
}
