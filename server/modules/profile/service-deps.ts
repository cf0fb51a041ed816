// What the parts of the profile service are given, and the errors they share.
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { Clock } from '#server/lib/clock.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { SessionsRepository } from '#server/modules/auth/repository.ts'
import type { SessionCache } from '#server/modules/auth/session-cache.ts'
import type { DistrictsRepository } from '#server/modules/districts/repository.ts'
import type { PortfolioRepository } from '#server/modules/portfolio/repository.ts'
import type { SpecialitiesRepository } from '#server/modules/specialities/repository.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import type { ProfileRepository } from './repository.ts'

export type ProfileStorage = {
  save: (folder: string, bytes: Buffer, extension: string) => Promise<string>
  remove: (path: string) => Promise<void>
  removeFolder: (folder: string) => Promise<void>
}

export type ProfileDeps = {
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
  /** Mails a verification link to a person's new address (the email area); without it none is mailed. */
  email?: { addressChanged: (user: UserRow, locale: Locale) => Promise<void> }
}

export const forbidden = () => new AppError('forbidden', 'forbidden')
export const notFound = () => new AppError('not_found', 'not_found')
