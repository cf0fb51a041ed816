// The caller's own profile and account: reading and changing it, the photo, the password, deleting the account.
import { searchTextOf } from '#contract/search-text.ts'
import type { UpdateProfileBody } from '#contract/schemas/specialists.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import { reencodeAvatar } from '#server/lib/images.ts'
import { hashPassword, isCommonPassword, verifyPassword } from '#server/lib/passwords.ts'
import { presentSpeciality } from '#server/modules/specialities/present.ts'
import { presentProfile } from '#server/modules/users/present-profile.ts'
import type { ProfileChanges } from '#server/modules/users/repository.ts'
import { planRequired } from '#server/modules/wallet/entitlements.ts'
import { forbidden, notFound, type ProfileDeps } from './service-deps.ts'

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
    replyTemplate: blankToNull(body.reply_template),
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

async function assertPassword(user: UserRow, password: string, field: string) {
  if (!(await verifyPassword(user.passwordHash, password))) throw fieldError(field, 'current_password_wrong')
}

export function createProfileAccount(deps: ProfileDeps) {
  const { profiles, users, sessions, specialities, districts, storage, clock, sessionCache, entitlements } =
    deps

  return {
    async own(user: UserRow, withParam: string | undefined, locale: Locale) {
      const wanted = new Set((withParam ?? '').split(',').map((part) => part.trim()))
      const profile = presentProfile(user, clock.now())
      if (!wanted.has('specialities')) return profile
      const rows = await specialities.ofUser(user.id, false)
      return { ...profile, specialities: rows.map((row) => presentSpeciality(row, locale)) }
    },

    async update(id: number, body: UpdateProfileBody, caller: UserRow, locale: Locale) {
      if (id !== caller.id) throw forbidden()
      const changes = changesOf(body)
      // A new address is not verified, nor bounced, until its own link says so (docs/decisions/027-email.md).
      const newAddress = changes.email !== undefined && changes.email !== caller.email
      if (newAddress) Object.assign(changes, { emailVerifiedAt: null, emailBouncedAt: null })
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
      if (newAddress && updated.email) await deps.email?.addressChanged(updated, locale)
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
  }
}
