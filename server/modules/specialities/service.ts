import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { presentSpeciality } from './present.ts'
import type { ServiceLine, SpecialitiesRepository } from './repository.ts'

type LineBody = { service: number; price_from: number | null; price_to: number | null; active: boolean }

const forbidden = () => new AppError('forbidden', 'forbidden')
const notFound = () => new AppError('not_found', 'not_found')

/**
 * A specialist's specialties (docs/decisions/009-specialist-profiles.md): only the owner writes, a path's user id
 * must be the caller's own, and every service belongs to its specialty's category. Others see active ones only.
 * Without a plan that lifts it, a person has at most FREE_SPECIALITIES_MAX specialties (decision 016).
 */
export function createSpecialitiesService(
  repo: SpecialitiesRepository,
  users: UsersRepository,
  entitlements: Pick<Entitlements, 'specialitiesMax'>,
) {
  async function present(id: number, locale: Locale, activeOnly = false) {
    const row = await repo.find(id)
    if (!row) throw notFound()
    const [full] = await repo.withLines([row], activeOnly)
    if (!full) throw notFound()
    return presentSpeciality(full, locale)
  }

  /** The lines of a body, checked against the category; a service named twice keeps its last line. */
  async function checkedLines(categoryId: number, body: LineBody[]): Promise<ServiceLine[]> {
    const lines = new Map(
      body.map((line) => [
        line.service,
        { serviceId: line.service, priceFrom: line.price_from, priceTo: line.price_to, active: line.active },
      ]),
    )
    const known = await repo.servicesOfCategory(categoryId, [...lines.keys()])
    if ([...lines.keys()].some((id) => !known.has(id)))
      throw fieldError('services', 'speciality_service_not_in_category')
    return [...lines.values()]
  }

  /** The specialty, when the caller owns it: 404 when it does not exist, 403 when it is someone else's. */
  async function ownSpeciality(id: number, caller: UserRow) {
    const row = await repo.find(id)
    if (!row) throw notFound()
    if (row.userId !== caller.id) throw forbidden()
    return row
  }

  /**
   * Refuses a new specialty past the person's limit. Writing a category they already have is not a new one, and
   * specialties kept from an ended plan stay (only adding is refused). Two racing adds may both pass: the limit is
   * a plan's promise, not a safety property, so a lock is not worth it.
   */
  async function assertRoomFor(userId: number, categoryId: number) {
    const max = await entitlements.specialitiesMax(userId)
    if (max === Infinity) return
    const mine = await repo.categoriesOf(userId)
    if (!mine.includes(categoryId) && mine.length >= max)
      throw new AppError('forbidden', 'specialities_limit_without_plan')
  }

  return {
    /** The owner sees every specialty and line; anyone else the active ones. A deleted or unknown user: 404. */
    async ofUser(userId: number, caller: UserRow | undefined, locale: Locale) {
      const user = await users.findById(userId)
      if (!user || user.deletedAt) throw notFound()
      const rows = await repo.ofUser(userId, caller?.id !== userId)
      return { collection: rows.map((row) => presentSpeciality(row, locale)) }
    },

    async one(id: number, caller: UserRow | undefined, locale: Locale) {
      const row = await repo.find(id)
      const owner = row !== undefined && row.userId === caller?.id
      if (!row || (!owner && !row.active)) throw notFound()
      return present(id, locale, !owner)
    },

    async add(
      userId: number,
      body: { category: number; services: LineBody[] },
      caller: UserRow,
      locale: Locale,
    ) {
      if (userId !== caller.id) throw forbidden()
      if (!(await repo.categoryExists(body.category))) throw fieldError('category', 'id_invalid')
      const lines = await checkedLines(body.category, body.services)
      await assertRoomFor(caller.id, body.category)
      const row = await repo.write(caller.id, body.category, lines, false)
      return present(row.id, locale)
    },

    async update(id: number, body: { services: LineBody[] }, caller: UserRow, locale: Locale) {
      const row = await ownSpeciality(id, caller)
      const lines = await checkedLines(row.categoryId, body.services)
      await repo.write(caller.id, row.categoryId, lines, true)
      return present(id, locale)
    },

    async remove(id: number, caller: UserRow) {
      await ownSpeciality(id, caller)
      await repo.remove(id)
      return { status: true }
    },

    async setLineActive(lineId: number, active: boolean, caller: UserRow, locale: Locale) {
      const line = await repo.findLine(lineId)
      if (!line) throw notFound()
      if (line.userId !== caller.id) throw forbidden()
      await repo.setLineActive(lineId, active)
      return present(line.specialityId, locale)
    },

    async setActive(userId: number, id: number, active: boolean, caller: UserRow, locale: Locale) {
      if (userId !== caller.id) throw forbidden()
      const row = await ownSpeciality(id, caller)
      await repo.setActive(row.id, active)
      return present(row.id, locale)
    },

    async setAllActive(userId: number, active: boolean, caller: UserRow, locale: Locale) {
      if (userId !== caller.id) throw forbidden()
      await repo.setAllActive(caller.id, active)
      const rows = await repo.ofUser(caller.id, false)
      return { collection: rows.map((row) => presentSpeciality(row, locale)) }
    },
  }
}
export type SpecialitiesService = ReturnType<typeof createSpecialitiesService>
