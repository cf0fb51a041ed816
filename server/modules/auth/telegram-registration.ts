// An account the bot's sign-up makes (server/modules/telegram/signup.ts): its own file, beside the form's registration.
import slugify from '@sindresorhus/slugify'
import type { UserRow } from '#server/db/schema/users.ts'
import { isUniqueViolation } from '#server/db/unique-violation.ts'
import { hashPassword } from '#server/lib/passwords.ts'
import { randomToken } from '#server/lib/secrets.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'

export const slugBaseOf = (name: string, surname: string) =>
  slugify(`${name} ${surname}`).slice(0, 60) || 'user'

/**
 * An executor account for a phone Telegram vouched for (the bot's sign-up shares the person's own contact), so no
 * SMS is spent. It has no password the person knows: they log in through the bot's link or the Mini App, and can
 * set one with "Forgot password". A phone that has an account already answers undefined.
 */
export function createTelegramRegistration({
  users,
  recordInvite,
}: {
  users: Pick<UsersRepository, 'insert'>
  recordInvite?: (inviteeId: number, code: string | null | undefined) => Promise<void>
}) {
  return async function registerFromTelegram(input: {
    phone: string
    name: string
    surname: string
    telegramId: string
    districtIds: number[]
    invite: string | undefined
  }): Promise<UserRow | undefined> {
    try {
      const user = await users.insert({
        phone: input.phone,
        name: input.name,
        surname: input.surname,
        patronymic: null,
        email: null,
        passwordHash: await hashPassword(randomToken()),
        type: 'executor',
        slugBase: slugBaseOf(input.name, input.surname),
        telegramId: input.telegramId,
        telegramNotifications: true,
        districtIds: input.districtIds,
      })
      await recordInvite?.(user.id, input.invite)
      return user
    } catch (error) {
      if (isUniqueViolation(error)) return undefined
      throw error
    }
  }
}
