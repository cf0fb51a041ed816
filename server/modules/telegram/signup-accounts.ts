// The accounts the bot's sign-up makes or links (signup-deps.ts SignupAccounts), from the auth, SMS and
// specialities areas, and the single-use links that open the app logged in.
import { TELEGRAM_LOGIN_TTL_MIN } from '#contract/telegram-endpoints.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { AppError } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { randomToken, sha256 } from '#server/lib/secrets.ts'
import type { AuthService } from '#server/modules/auth/service.ts'
import type { SmsService } from '#server/modules/sms/service.ts'
import type { SpecialitiesRepository } from '#server/modules/specialities/repository.ts'
import { botText } from './bot-texts.ts'
import type { TelegramRepository } from './repository.ts'
import type { SignupAccounts } from './signup-deps.ts'

/** The hash of the app's address that carries a login link's token (src/features/auth/mini-app-launch.ts). */
export const LOGIN_HASH_PARAMETER = 'fikaLogin'

const refusal = (error: unknown) => {
  if (error instanceof AppError) return error
  throw error
}

export function createSignupAccounts(deps: {
  repo: TelegramRepository
  clock: Clock
  auth: Pick<AuthService, 'registerFromTelegram'>
  sms: Pick<SmsService, 'isRegistered' | 'send' | 'verify' | 'consume'>
  specialities: Pick<SpecialitiesRepository, 'write'>
  appUrl: string
  forgetUser: (userId: number) => Promise<void>
}): SignupAccounts {
  const { repo, clock, auth, sms, specialities, appUrl, forgetUser } = deps
  // The SMS limits count per address too; the bot's person has none, so their Telegram id stands in for it.
  const ipOf = (telegramId: string) => `telegram:${telegramId}`

  return {
    phoneTaken: (phone) => sms.isRegistered(phone),

    sendCode: (phone, telegramId, locale) =>
      sms
        .send({ phone, type: 'telegram', ip: ipOf(telegramId), locale })
        .then(({ required_id }) => required_id, refusal),

    async linkByCode({ phone, requiredId, code, telegramId }) {
      try {
        await sms.verify({ required_id: requiredId, code, ip: ipOf(telegramId) })
        await sms.consume({ required_id: requiredId, phone, purpose: 'telegram', ip: ipOf(telegramId) })
      } catch (error) {
        return refusal(error)
      }
      const user = await repo.findByPhone(phone)
      const linked = user && (await repo.link(user.id, telegramId, clock.now()))
      if (!linked) return new AppError('not_found', 'user_not_reg')
      await forgetUser(linked.id)
      return linked
    },

    async create({ picks, ...input }) {
      const user = await auth.registerFromTelegram(input)
      if (!user) return undefined
      for (const pick of picks)
        await specialities.write(
          user.id,
          pick.category,
          pick.services.map((serviceId) => ({ serviceId, priceFrom: null, priceTo: null, active: true })),
          false,
        )
      return user
    },

    async welcome(user: UserRow, locale: Locale, said) {
      const token = randomToken()
      await repo.addLoginToken({
        tokenHash: sha256(token),
        userId: user.id,
        expiresAt: addSeconds(clock.now(), TELEGRAM_LOGIN_TTL_MIN * 60),
      })
      return {
        text:
          said === 'linked'
            ? botText('linked', locale)
            : botText('signedUp', locale).replace('{name}', user.name),
        removeKeyboard: true,
        buttons: [
          { text: botText('openApp', locale), url: `${appUrl}/orders#${LOGIN_HASH_PARAMETER}=${token}` },
          { text: botText('openMiniApp', locale), webApp: `${appUrl}/orders` },
        ],
      }
    },
  }
}
