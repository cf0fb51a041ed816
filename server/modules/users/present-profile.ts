import type { EmailStatus, Profile } from '#contract/schemas/profile.ts'
import type { UserRow } from '#server/db/schema/users.ts'

// Someone seen within this many seconds counts as online.
const ONLINE_WINDOW_S = 300

/** Whether someone seen at `lastSeenAt` counts as online now. */
export const isOnline = (lastSeenAt: Date | null, now: Date) =>
  lastSeenAt !== null && now.getTime() - lastSeenAt.getTime() < ONLINE_WINDOW_S * 1000

/** Where the person's address stands (docs/decisions/027-email.md): only a verified one receives mail. */
export const emailStatusOf = (
  user: Pick<UserRow, 'email' | 'emailVerifiedAt' | 'emailBouncedAt'>,
): EmailStatus =>
  !user.email ? 'none' : user.emailBouncedAt ? 'bounced' : user.emailVerifiedAt ? 'verified' : 'unverified'

/** The profile as clients see it: the spec's snake_case fields, never the password hash. */
export function presentProfile(user: UserRow, now: Date): Profile {
  return {
    id: user.id,
    slug: user.slug,
    type: user.type,
    name: user.name,
    surname: user.surname,
    patronymic: user.patronymic,
    username: user.phone,
    email: user.email,
    avatar: user.avatar,
    avatar_thumb: user.avatarThumb,
    photo: user.photo,
    birthday: user.birthday,
    gender: user.gender,
    address: user.address,
    languages: user.languages,
    rating: user.rating,
    reviews_count: user.reviewsCount,
    is_online: isOnline(user.lastSeenAt, now),
    last_seen_at: user.lastSeenAt?.toISOString() ?? null,
    verification: user.verification,
    accepts_orders: user.acceptsOrders,
    looking_for_internship: user.lookingForInternship,
    works_remotely: user.worksRemotely,
    accepts_at_own_place: user.acceptsAtOwnPlace,
    telegram_id: user.telegramId,
    telegram_notifications: user.telegramNotifications,
    email_notifications: user.emailNotifications,
    reply_template: user.replyTemplate,
    role: user.role,
    email_status: emailStatusOf(user),
    discount_percent: user.discountPercent,
    discount_text: user.discountText,
    about: user.about,
    district_ids: user.districtIds,
    work_addresses: user.workAddresses,
    created_at: user.createdAt.toISOString(),
  }
}
