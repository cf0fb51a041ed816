import { searchTextOf } from '#contract/search-text.ts'
import { MAX_ID } from '#contract/schemas/bounds.ts'
import {
  DOCUMENTS_MAX,
  LATEST_REVIEWS,
  STATISTICS_WEEKS,
  type PublicProfile,
  type UpdateProfileBody,
  type UserReview,
  WORKS_MAX,
} from '#contract/schemas/specialists.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import { decodeCursor, encodeCursor } from '#server/lib/cursor.ts'
import { reencodeAvatar } from '#server/lib/images.ts'
import { hashPassword, isCommonPassword, verifyPassword } from '#server/lib/passwords.ts'
import { DAY_MS, TASHKENT_OFFSET_MS, tashkentDay } from '#server/lib/tashkent-day.ts'
import type { SessionsRepository } from '#server/modules/auth/repository.ts'
import type { SessionCache } from '#server/modules/auth/session-cache.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import type { PortfolioRepository } from '#server/modules/portfolio/repository.ts'
import { presentDocument, presentWork } from '#server/modules/portfolio/service.ts'
import type { SpecialitiesRepository } from '#server/modules/specialities/repository.ts'
import { inLocale, presentSpeciality } from '#server/modules/specialities/service.ts'
import { isOnline, presentProfile } from '#server/modules/users/present-profile.ts'
import type { ProfileChanges, UsersRepository } from '#server/modules/users/repository.ts'
import { planRequired, type Entitlements } from '#server/modules/wallet/entitlements.ts'
import { shareText } from './preview-text.ts'
import type { ProfileRepository } from './repository.ts'

export type ProfileStorage = {
  save: (folder: string, bytes: Buffer, extension: string) => Promise<string>
  remove: (path: string) => Promise<void>
  removeFolder: (folder: string) => Promise<void>
}

type Deps = {
  profiles: ProfileRepository
  users: UsersRepository
  sessions: SessionsRepository
  specialities: SpecialitiesRepository
  portfolio: PortfolioRepository
  districts: DistrictsRepository
  storage: ProfileStorage
  clock: Clock
  /** Holds the caller's row between requests: every change of it here is forgotten before the answer. */
  sessionCache: SessionCache
  /** What the person's plan unlocks (decision 016): statistics, discounts, the share link. */
  entitlements: Pick<Entitlements, 'has' | 'require'>
  /** The site's own address: the share link points there. */
  publicUrl: string
}

/** Monday 00:00 in Tashkent of the week `weeksBack` weeks before the one `now` falls in. */
function tashkentMonday(now: Date, weeksBack: number) {
  const local = new Date(now.getTime() + TASHKENT_OFFSET_MS)
  const sinceMonday = (local.getUTCDay() + 6) % 7
  const mondayLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - sinceMonday)
  return new Date(mondayLocal - TASHKENT_OFFSET_MS - weeksBack * 7 * DAY_MS)
}

/** "Dilnoza R.": a reviewer is named by their first name and the initial of the surname. */
const authorOf = (name: string, surname: string) => (surname ? `${name} ${surname.slice(0, 1)}.` : name)

/** A profile's address: digits within the id range are an id, anything else a slug. */
const profileRef = (slugOrId: string): { id: number } | { slug: string } =>
  /^\d{1,10}$/.test(slugOrId) && Number(slugOrId) <= MAX_ID ? { id: Number(slugOrId) } : { slug: slugOrId }

const forbidden = () => new AppError('forbidden', 'forbidden')
const notFound = () => new AppError('not_found', 'not_found')

/** Body field -> column: what PUT /profile/{id} may change. */
function changesOf(body: UpdateProfileBody): ProfileChanges {
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null)
  const changes: ProfileChanges = {
    type: body.type,
    name: body.name,
    surname: body.surname,
    patronymic: blankToNull(body.patronymic),
    email: blankToNull(body.email),
    birthday: body.birthday,
    gender: body.gender,
    address: blankToNull(body.address),
    languages: body.languages?.filter(Boolean),
    acceptsOrders: body.accepts_orders,
    lookingForInternship: body.looking_for_internship,
    worksRemotely: body.works_remotely,
    acceptsAtOwnPlace: body.accepts_at_own_place,
    about: blankToNull(body.about),
    districtIds: body.district_ids && [...new Set(body.district_ids)],
    workAddresses: body.work_addresses?.filter(Boolean),
    discountPercent: body.discount_percent,
    discountText: blankToNull(body.discount_text),
    telegramNotifications: body.telegram_notifications,
    emailNotifications: body.email_notifications,
  }
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
}

/**
 * The fields of a change that set a discount (a percent above 0, a text): they need a plan with `discounts`.
 * Clearing a discount never does, so a person whose plan ended can still take theirs down.
 */
const discountFieldsSet = (changes: ProfileChanges) => [
  ...((changes.discountPercent ?? 0) > 0 ? ['discount_percent'] : []),
  ...(changes.discountText ? ['discount_text'] : []),
]

/** A reviews cursor: the newest-first keys of the last review shown. */
function readReviewsCursor(cursor: string) {
  const [createdAt, id] = decodeCursor(cursor, ['date', 'number'])
  return { createdAt: createdAt as string, id: id as number }
}

/** The caller's own profile and account, and what everyone sees of a specialist. */
export function createProfileService(deps: Deps) {
  const { profiles, users, sessions, specialities, portfolio, districts, storage, clock, sessionCache } = deps
  const { entitlements, publicUrl } = deps

  /** A page of reviews after the cursor a page before wrote, or by number; with where the next one starts. */
  async function reviewsPage(
    userId: number,
    at: { page: number; perPage: number; cursor?: string },
    locale: Locale,
  ) {
    const { perPage } = at
    const rows = await profiles.reviewsOf(
      userId,
      perPage,
      at.cursor === undefined ? { offset: (at.page - 1) * perPage } : { after: readReviewsCursor(at.cursor) },
    )
    const last = rows.length > perPage ? rows[perPage - 1] : undefined
    const collection = rows.slice(0, perPage).map((row): UserReview => ({
      id: row.id,
      order_id: row.orderId,
      rating: row.rating,
      comment: row.comment,
      created_at: row.createdAt.toISOString(),
      author: authorOf(row.authorName, row.authorSurname),
      service:
        row.serviceId !== null && row.serviceName !== null
          ? { id: row.serviceId, name: inLocale(row.serviceName, locale) }
          : null,
    }))
    return { collection, nextCursor: last ? encodeCursor([last.cursorAt, last.id]) : null }
  }

  async function assertPassword(user: UserRow, password: string, field: string) {
    if (!(await verifyPassword(user.passwordHash, password)))
      throw fieldError(field, 'current_password_wrong')
  }

  return {
    async own(user: UserRow, withParam: string | undefined, locale: Locale) {
      const wanted = new Set((withParam ?? '').split(',').map((part) => part.trim()))
      const profile = presentProfile(user, clock.now())
      if (!wanted.has('specialities')) return profile
      const rows = await specialities.ofUser(user.id, false)
      return { ...profile, specialities: rows.map((row) => presentSpeciality(row, locale)) }
    },

    async update(id: number, body: UpdateProfileBody, caller: UserRow) {
      if (id !== caller.id) throw forbidden()
      const changes = changesOf(body)
      const discountFields = discountFieldsSet(changes)
      if (discountFields.length > 0 && !(await entitlements.has(id, 'discounts'))) {
        const { code } = planRequired('discounts')
        throw new AppError('forbidden', code, {
          fields: Object.fromEntries(discountFields.map((f) => [f, [code]])),
        })
      }
      if (changes.districtIds && changes.districtIds.length > 0) {
        const known = await districts.byIds(changes.districtIds)
        if (known.length !== changes.districtIds.length) throw fieldError('district_ids', 'id_invalid')
      }
      const named = changes.name !== undefined || changes.surname !== undefined
      const updated = await users.update(
        id,
        {
          ...changes,
          ...(named && {
            searchName: searchTextOf([changes.name ?? caller.name, changes.surname ?? caller.surname]),
          }),
        },
        clock.now(),
      )
      if (!updated) throw notFound()
      await sessionCache.forget({ user: id })
      return presentProfile(updated, clock.now())
    },

    /** A new photo: checked by its bytes, re-encoded without EXIF/GPS, with a square thumbnail; the old files go. */
    async uploadAvatar(bytes: Buffer | undefined, caller: UserRow) {
      const images = bytes ? await reencodeAvatar(bytes) : null
      if (!images) throw fieldError('file', 'file_invalid')
      const folder = `avatars/${caller.id}`
      const [avatar, avatarThumb] = await Promise.all([
        storage.save(folder, images.avatar, 'webp'),
        storage.save(folder, images.thumb, 'webp'),
      ])
      const updated = await users.update(caller.id, { avatar, avatarThumb }, clock.now())
      if (!updated) throw notFound()
      await sessionCache.forget({ user: caller.id })
      await Promise.all(
        [caller.avatar, caller.avatarThumb].flatMap((path) => (path ? [storage.remove(path)] : [])),
      )
      return presentProfile(updated, clock.now())
    },

    /** The current password proves the owner; every other session of the account ends. */
    async changePassword(
      body: { current_password: string; password: string },
      caller: UserRow,
      sessionId: string,
    ) {
      await assertPassword(caller, body.current_password, 'current_password')
      if (isCommonPassword(body.password)) throw fieldError('password', 'password_too_common')
      const now = clock.now()
      await users.setPassword(caller.id, await hashPassword(body.password), caller.type, now)
      await sessions.revokeOthersOfUser(caller.id, sessionId, 'password_reset', now)
      await sessionCache.forget({ user: caller.id })
      return { status: true }
    },

    /** Deletes the caller's own account with their password; orders and reviews stay, anonymised. */
    async deleteAccount(id: number, password: string, caller: UserRow) {
      if (id !== caller.id) throw forbidden()
      await assertPassword(caller, password, 'password')
      await profiles.anonymise(caller.id, clock.now())
      await sessionCache.forget({ user: caller.id })
      await Promise.all(
        ['avatars', 'documents', 'works'].map((kind) => storage.removeFolder(`${kind}/${caller.id}`)),
      )
      return { status: true }
    },

    /** The last STATISTICS_WEEKS weeks (Tashkent, from Monday), oldest first, the current one last. */
    async statistics(caller: UserRow) {
      // Views are counted whatever the plan: the figures are there the day a plan is bought.
      await entitlements.require(caller.id, 'statistics')
      const start = tashkentMonday(clock.now(), STATISTICS_WEEKS - 1)
      const figures = await profiles.weeklyFigures(caller.id, start, tashkentDay(start))
      return {
        weeks: Array.from({ length: STATISTICS_WEEKS }, (_, week) => {
          const reviewed = figures.reviewed.get(week)
          return {
            week: tashkentDay(new Date(start.getTime() + week * 7 * DAY_MS)),
            views: figures.views.get(week)?.n ?? 0,
            replies: figures.sent.get(week)?.n ?? 0,
            chosen: figures.chosen.get(week)?.n ?? 0,
            completed: figures.completed.get(week)?.n ?? 0,
            reviews: reviewed?.n ?? 0,
            rating: reviewed?.average == null ? null : Math.round(Number(reviewed.average) * 100) / 100,
          }
        }),
      }
    },

    /**
     * What anyone sees of a specialist, by slug or id: public fields only (decision 009), active specialties only
     * to others, and the read counted as a view of the day unless it is the owner's own. A customer's profile is
     * their own and their specialists' only (decision 008): to anyone else it does not exist.
     */
    async publicProfile(
      slugOrId: string,
      caller: UserRow | undefined,
      locale: Locale,
    ): Promise<PublicProfile> {
      const user = await profiles.findVisible(profileRef(slugOrId), caller?.id)
      if (!user) throw notFound()
      const owner = caller?.id === user.id
      const now = clock.now()
      const [specialityRows, documentList, workList, latest, districtRows, showsDiscount] = await Promise.all(
        [
          specialities.ofUser(user.id, !owner),
          portfolio.list('documents', user.id, 1, DOCUMENTS_MAX),
          portfolio.list('works', user.id, 1, WORKS_MAX),
          reviewsPage(user.id, { page: 1, perPage: LATEST_REVIEWS }, locale).then((page) => page.collection),
          districts.byIds(user.districtIds),
          entitlements.has(user.id, 'discounts'),
          owner ? undefined : profiles.countView(user.id, tashkentDay(now)),
        ],
      )
      return {
        id: user.id,
        slug: user.slug,
        name: user.name,
        surname: user.surname,
        avatar: user.avatar,
        avatar_thumb: user.avatarThumb,
        rating: user.rating,
        reviews_count: user.reviewsCount,
        is_online: isOnline(user.lastSeenAt, now),
        last_seen_at: user.lastSeenAt?.toISOString() ?? null,
        verification: user.verification,
        about: user.about,
        languages: user.languages,
        accepts_orders: user.acceptsOrders,
        works_remotely: user.worksRemotely,
        accepts_at_own_place: user.acceptsAtOwnPlace,
        looking_for_internship: user.lookingForInternship,
        // A discount shows only while its owner's plan has `discounts`; it is kept, not deleted, when the plan ends.
        // The owner sees here what others see (their own GET /profile keeps the stored values).
        discount_percent: showsDiscount ? user.discountPercent : 0,
        discount_text: showsDiscount ? user.discountText : null,
        districts: districtRows.map((district) => ({
          id: district.id,
          name: inLocale(district.name, locale),
          region_id: district.regionId,
        })),
        work_addresses: user.workAddresses,
        specialities: specialityRows.map((row) => presentSpeciality(row, locale)),
        documents: documentList.items.map(presentDocument),
        works: workList.items.map(presentWork),
        latest_reviews: latest,
        created_at: user.createdAt.toISOString(),
      }
    },

    /**
     * What a link preview of a public profile shows (name, services, rating, photo), in the reader's language; not
     * a view of the profile (a crawler is not a visitor). Undefined unless a guest may open it (a specialist's).
     */
    async preview(slugOrId: string, locale: Locale) {
      const ref = profileRef(slugOrId)
      const wellFormed = 'id' in ref || (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(ref.slug) && ref.slug.length <= 120)
      // Read as a guest would: a page's head is kept and served to every visitor.
      const user = wellFormed ? await profiles.findVisible(ref, undefined) : undefined
      if (!user) return undefined
      const services = (await specialities.ofUser(user.id, true))
        .flatMap((row) => presentSpeciality(row, locale).services)
        .map((line) => line.service.name)
      return {
        slug: user.slug,
        name: `${user.name} ${user.surname}`.trim(),
        services: [...new Set(services)].slice(0, 5),
        about: user.about,
        rating: user.rating,
        reviewsCount: user.reviewsCount,
        avatar: user.avatar,
      }
    },

    /** The caller's profile link and a line of text to share it with, in their language; a professional's. */
    async share(caller: UserRow, locale: Locale) {
      await entitlements.require(caller.id, 'profile_sharing')
      return {
        url: `${publicUrl}/profile/${caller.slug}`,
        text: shareText(`${caller.name} ${caller.surname}`.trim(), locale),
      }
    },

    async reviews(
      userId: number,
      query: { page: number; perPage: number; cursor?: string },
      caller: UserRow | undefined,
      locale: Locale,
    ) {
      const user = await profiles.findVisible({ id: userId }, caller?.id)
      if (!user) throw notFound()
      const [{ collection, nextCursor }, breakdown] = await Promise.all([
        reviewsPage(userId, query, locale),
        profiles.ratingBreakdown(userId),
      ])
      return {
        collection,
        // The reviews count is the maintained counter on the user, not a count per request.
        meta: { page: query.page, perPage: query.perPage, total: user.reviewsCount, next_cursor: nextCursor },
        breakdown,
        rating: user.rating,
        reviews_count: user.reviewsCount,
      }
    },
  }
}
export type ProfileService = ReturnType<typeof createProfileService>
