// How a specialty is answered in a language: the public profile, the account and the specialist's own list read it.
import type { Speciality } from '#contract/schemas/specialists.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { inLocale } from '#server/i18n/localized.ts'
import type { SpecialityWithLines } from './speciality-rows.ts'

export function presentSpeciality(row: SpecialityWithLines, locale: Locale): Speciality {
  return {
    id: row.id,
    user_id: row.userId,
    category: { id: row.category.id, name: inLocale(row.category.name, locale), slug: row.category.slug },
    active: row.active,
    services: row.lines.map((line) => ({
      id: line.id,
      service: { id: line.service.id, name: inLocale(line.service.name, locale), slug: line.service.slug },
      price_from: line.priceFrom,
      price_to: line.priceTo,
      active: line.active,
    })),
  }
}
