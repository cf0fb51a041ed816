import { foldForSearch } from '#contract/search-text.ts'
import type { PlanFeature } from '#contract/schemas/plan-features.ts'
import { EXECUTOR_SORTS, type ExecutorCard } from '#contract/schemas/specialists.ts'
import { fieldError } from '#server/lib/app-error.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import { inLocale } from '#server/i18n/localized.ts'
import { isOnline } from '#server/modules/users/present-profile.ts'
import type {
  ExecutorFilters,
  ExecutorLine,
  ExecutorRow,
  ExecutorsCursor,
  ExecutorsRepository,
} from './repository.ts'

type Query = {
  category?: number
  service?: number
  district?: number
  verified?: '0' | '1'
  rating_min?: number
  price_from?: number
  price_to?: number
  search?: string
  sort: ExecutorFilters['sort']
  page: number
  perPage: number
  cursor?: string
  /** Not a client's filter: the bot's catalogue asks for the specialists whose plan has this feature. */
  planFeature?: PlanFeature
}

const SORT_NAMES: readonly string[] = EXECUTOR_SORTS

/** The cursor a page wrote, for the same sort only: another sort's keys mean something else. */
function readCursor(cursor: string, sort: ExecutorFilters['sort']): ExecutorsCursor {
  const [name, a, b, c] = decodeCursor(cursor, ['string', 'number', 'number', 'number'])
  if (name !== sort || !SORT_NAMES.includes(name)) throw fieldError('cursor', 'cursor_invalid')
  return { sort, keys: [a as number, b as number, c as number] }
}

/**
 * The specialists list: users who take orders with at least one active service of an active specialty that
 * matches the filters. A card shows public fields only (never a phone, e-mail, birthday or address).
 */
export function createExecutorsService(
  repo: ExecutorsRepository,
  districts: DistrictsRepository,
  clock: Clock,
) {
  return {
    async list(query: Query, locale: Locale) {
      const filters: ExecutorFilters = {
        categoryId: query.category,
        serviceId: query.service,
        districtId: query.district,
        verifiedOnly: query.verified === '1',
        ratingMin: query.rating_min,
        priceFrom: query.price_from,
        priceTo: query.price_to,
        folded: query.search ? foldForSearch(query.search) || undefined : undefined,
        sort: query.sort,
        perPage: query.perPage,
        ...(query.planFeature && { planFeature: { feature: query.planFeature, now: clock.now() } }),
      }
      const after = query.cursor === undefined ? undefined : readCursor(query.cursor, query.sort)
      const offset = after ? 0 : (query.page - 1) * query.perPage
      const now = clock.now()
      // The promoted ones are shown above the first page only (docs/decisions/016-plan-features.md).
      const firstPage = !after && query.page === 1
      const [page, promotedRows] = await Promise.all([
        repo.list(filters, after, offset, now),
        firstPage ? repo.promoted(filters, now) : [],
      ])
      const { rows, total, next } = page
      const shown = [...rows, ...promotedRows]
      const [lines, promotedLines, names] = await Promise.all([
        page.lines ??
          repo.linesOf(
            rows.map((row) => row.id),
            filters,
          ),
        repo.linesOf(
          promotedRows.map((row) => row.id),
          filters,
        ),
        districts.byIds([...new Set(shown.flatMap((row) => row.districtIds))]),
      ])
      const districtName = new Map(names.map((district) => [district.id, inLocale(district.name, locale)]))
      const card = (row: ExecutorRow, linesOfRow: ExecutorLine[]): ExecutorCard => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        surname: row.surname,
        avatar_thumb: row.avatarThumb,
        rating: row.rating,
        reviews_count: row.reviewsCount,
        verification: row.verification,
        is_online: isOnline(row.lastSeenAt, now),
        discount_percent: row.discountPercent,
        districts: row.districtIds.flatMap((id) => districtName.get(id) ?? []),
        services: linesOfRow
          .filter((line) => line.userId === row.id)
          .map((line) => ({
            id: line.id,
            service: { id: line.serviceId, name: inLocale(line.serviceName, locale), slug: line.serviceSlug },
            price_from: line.priceFrom,
            price_to: line.priceTo,
            active: line.active,
          })),
      })
      const collection = rows.map((row) => card(row, lines))
      const promoted = promotedRows.map((row) => card(row, promotedLines))
      const next_cursor = next ? encodeCursor([next.sort, ...next.keys]) : null
      return {
        collection,
        promoted,
        meta: { page: query.page, perPage: query.perPage, total, next_cursor },
      }
    },
  }
}
export type ExecutorsService = ReturnType<typeof createExecutorsService>
