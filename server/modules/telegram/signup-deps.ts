// What the bot's sign-up conversation works with: its rows, the live catalogue, and the accounts it makes or links.
import type { BotMessage, BotSender } from '#server/adapters/telegram/bot-api.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { AppError } from '#server/lib/app-error.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { TelegramRepository } from './repository.ts'

/** The Telegram user in a private chat with the bot (the chat's id is theirs). */
export type SignupPerson = { telegramId: string; chatId: string; languageCode: string | undefined }

/** What the person did: wrote, shared a contact, or tapped a button of a message (its id, to change it). */
export type SignupInput =
  | { kind: 'text'; text: string }
  | { kind: 'contact'; phone: string; ownerId: number | undefined }
  | { kind: 'tap'; data: string; messageId: number | undefined }

type Named = { id: number; name: string }

/** The catalogue and the districts, as the bot offers them, in a language. */
export type SignupCatalogue = {
  categories: (locale: Locale) => Promise<Named[]>
  services: (categoryId: number, locale: Locale) => Promise<Named[]>
  regions: (locale: Locale) => Promise<(Named & { districts: Named[] })[]>
}

/** The accounts side: a new executor, or an existing account linked once its phone's SMS code is right. */
export type SignupAccounts = {
  phoneTaken: (phone: string) => Promise<boolean>
  /** The SMS code's id, or the refusal (a limit) to tell. */
  sendCode: (phone: string, telegramId: string, locale: Locale) => Promise<string | AppError>
  linkByCode: (input: {
    phone: string
    requiredId: string
    code: string
    telegramId: string
  }) => Promise<UserRow | AppError>
  /** The new account, or undefined when the phone got an account meanwhile. */
  create: (input: {
    phone: string
    name: string
    surname: string
    telegramId: string
    invite: string | undefined
    picks: { category: number; services: number[] }[]
    districtIds: number[]
  }) => Promise<UserRow | undefined>
  /** The bot's last message: what happened, and buttons that open the app logged in and the Mini App. */
  welcome: (user: UserRow, locale: Locale, said: 'linked' | 'signedUp') => Promise<Omit<BotMessage, 'chatId'>>
}

export type SignupDeps = {
  repo: TelegramRepository
  clock: Clock
  say: (chatId: string, message: Omit<BotMessage, 'chatId'>) => Promise<unknown>
  sender: Pick<BotSender, 'editButtons'>
  catalogue: SignupCatalogue
  accounts: SignupAccounts
}
