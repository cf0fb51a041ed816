// What everyone sees of a specialist: the public profile page and the link preview of it.
import { MAX_ID } from '#contract/schemas/bounds.ts'
import {
  DOCUMENTS_MAX,
  LATEST_REVIEWS,
  WORKS_MAX,
  type PublicProfile,
} from '#contract/schemas/specialists.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { tashkentDay } from '#server/lib/tashkent-day.ts'
import { inLocale } from '#server/i18n/localized.ts'
import { presentDocument, presentWork } from '#server/modules/portfolio/present.ts'
import { presentSpeciality } from '#server/modules/specialities/present.ts'
import { isOnline } from '#server/modules/users/present-profile.ts'
import { reviewsPage } from './reviews.ts'
import { notFound, type ProfileDeps } from './service-deps.ts'

/** A profile's address: digits within the id range are an id, anything else a slug. */
const profileRef = (slugOrId: string): { id: number } | { slug: string } =>
  /^\d{1,10}$/.test(slugOrId) && Number(slugOrId) <= MAX_ID ? { id: Number(slugOrId) } : { slug: slugOrId }

export function createPublicProfile({
  profiles,
  specialities,
  portfolio,
  districts,
  clock,
  entitlements,
}: ProfileDeps) {
  return {
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
          reviewsPage(profiles, user.id, { page: 1, perPage: LATEST_REVIEWS }, locale).then(
            (page) => page.collection,
          ),
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
  }
}
