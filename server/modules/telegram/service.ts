// Telegram and the account (docs/decisions/026-telegram.md): "Connect Telegram" links, the bot's updates, its
// messages, and the Mini App's login.
import type { JobLog, JobQueue } from '#server/adapters/jobs/job-queue.ts'
import { BotRefusal, type BotButton, type BotSender } from '#server/adapters/telegram/bot-api.ts'
import { TELEGRAM_LINK_TTL_MIN } from '#contract/telegram-endpoints.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { randomToken, sha256 } from '#server/lib/secrets.ts'
import { botText, localeOfTelegram, type BotText } from './bot-texts.ts'
import { verifyInitData } from './init-data.ts'
import type { Locale } from '#server/i18n/locale.ts'
import type { TelegramRepository } from './repository.ts'

export const TELEGRAM_UPDATE_JOB = 'telegram.update'
export const TELEGRAM_SEND_JOB = 'telegram.send'
/** How old a Mini App's launch data may be to log in with it. */
export const LAUNCH_MAX_AGE_S = 3600

/** The bot, when Telegram is on: its token (which also signs the Mini App's data) and its @username. */
export type BotIdentity = { token: string; username: string }

/** The parts of a Telegram update this bot reads (https://core.telegram.org/bots/api#update). */
export type TelegramUpdate = {
  update_id: number
  message?: {
    text?: string
    chat: { id: number; type: string }
    from?: { id: number; language_code?: string }
  }
}

type BotSend = { chatId: string; text: string; buttons?: BotButton[] }

export type TelegramDeps = {
  repo: TelegramRepository
  clock: Clock
  jobs: JobQueue
  /** Undefined: Telegram is off (production without a token). */
  bot: BotIdentity | undefined
  sender: BotSender
  /** The address the bot's "Open Fika" button opens. */
  appUrl: string
  /** The account changed: profiles cached with its sessions are read again. */
  forgetUser: (userId: number) => Promise<void>
}

/** `/start`, `/start@bot`, with the deep link's payload after a space. */
const START = /^\/start(?:@\w+)?(?:\s+(\S{1,64}))?\s*$/

/**
 * One message to Telegram. 429: sent again once Telegram's `retry_after` has passed. 403 (the bot blocked, the
 * account deleted): the person's Telegram notifications switch off. 400 "chat not found": the link is gone.
 * Anything else is thrown, for the job's own retries.
 */
async function deliver(
  { repo, clock, jobs, sender, forgetUser }: Omit<TelegramDeps, 'bot' | 'appUrl'>,
  send: BotSend,
  log: JobLog,
) {
  try {
    await sender.send(send)
  } catch (error) {
    if (!(error instanceof BotRefusal)) throw error
    if (error.code === 429) {
      await jobs.send<BotSend>(TELEGRAM_SEND_JOB, send, { startAfterS: error.retryAfterS ?? 1 })
      return
    }
    const user = await repo.findByTelegramId(send.chatId)
    if (error.code === 403 && user) await repo.switchOff(user.id, clock.now())
    else if (error.code === 400 && /chat not found/i.test(error.description) && user)
      await repo.unlinkUser(user.id, clock.now())
    if (user) await forgetUser(user.id)
    log.warn({ code: error.code, userId: user?.id }, 'telegram refused a message')
  }
}

export function createTelegramService({ repo, clock, jobs, bot, sender, appUrl, forgetUser }: TelegramDeps) {
  const unavailable = () => new AppError('not_found', 'telegram_unavailable')

  const say = (chatId: string, text: BotText, languageCode: string | undefined, withApp = false) => {
    const locale = localeOfTelegram(languageCode)
    return jobs.send<BotSend>(TELEGRAM_SEND_JOB, {
      chatId,
      text: botText(text, locale),
      ...(withApp && { buttons: [{ text: botText('openApp', locale), url: `${appUrl}/orders` }] }),
    })
  }

  /**
   * `/start <token>` from a "Connect Telegram" link links the sender; any other `/start` is greeted. Each update
   * acts once however often Telegram delivers it: a link is recorded in the transaction that makes it.
   */
  async function handleUpdate(update: TelegramUpdate, log: JobLog) {
    const message = update.message
    const from = message?.from
    const start = message?.text?.match(START)
    const now = clock.now()
    if (!message || !from || !start || message.chat.type !== 'private') {
      await repo.takeUpdate(update.update_id, now)
      return
    }
    const chatId = String(message.chat.id)
    const payload = start[1]
    if (!payload) {
      if (await repo.takeUpdate(update.update_id, now)) await say(chatId, 'welcome', from.language_code)
      return
    }
    const linked = await repo.linkByStart({
      updateId: update.update_id,
      tokenHash: sha256(payload),
      telegramId: String(from.id),
      now,
    })
    if (linked === 'repeat') return
    if (linked === 'invalid') return say(chatId, 'linkInvalid', from.language_code)
    await forgetUser(linked.id)
    log.info({ userId: linked.id }, 'telegram linked')
    return say(chatId, 'linked', from.language_code, true)
  }

  jobs.define<TelegramUpdate>(
    TELEGRAM_UPDATE_JOB,
    { retryLimit: 3, retryDelayS: 5, expireInS: 60, pollS: 1, concurrency: 4, policy: 'onePerKey' },
    (update, job) => handleUpdate(update, job.log),
  )
  jobs.define<BotSend>(
    TELEGRAM_SEND_JOB,
    { retryLimit: 5, retryDelayS: 5, expireInS: 60, pollS: 1, concurrency: 8 },
    (send, job) => deliver({ repo, clock, jobs, sender, forgetUser }, send, job.log),
  )

  return {
    enabled: bot !== undefined,

    /** A single-use deep link to the bot for this account; only its hash is kept. */
    async createLink(userId: number) {
      if (!bot) throw unavailable()
      const token = randomToken()
      const now = clock.now()
      const expiresAt = addSeconds(now, TELEGRAM_LINK_TTL_MIN * 60)
      await repo.addLinkToken({ tokenHash: sha256(token), userId, createdAt: now, expiresAt })
      return { link: `https://t.me/${bot.username}?start=${token}`, expires_at: expiresAt.toISOString() }
    },

    async unlink(userId: number): Promise<UserRow> {
      const user = await repo.unlinkUser(userId, clock.now())
      if (!user) throw new AppError('not_found', 'not_found')
      return user
    },

    /** The account a Mini App's `Authorization: tma <initData>` belongs to. */
    async userOfLaunch(authorization: string | undefined): Promise<UserRow> {
      if (!bot) throw unavailable()
      const initData = authorization?.match(/^tma (.{1,4096})$/s)?.[1]
      const launch = initData && verifyInitData(initData, bot.token, clock.now(), LAUNCH_MAX_AGE_S)
      if (!launch) throw unauthorized()
      const user = await repo.findByTelegramId(launch.telegramId)
      if (!user) throw new AppError('not_found', 'telegram_not_linked')
      return user
    },

    /**
     * Notifications for linked chats: a send job each, stored in one statement, with a button to the page in the
     * app (TelegramDelivery of the notifications area).
     */
    async sendMany(messages: { chatId: string; text: string; link: string; locale: Locale }[]) {
      if (!bot) return
      await jobs.sendMany<BotSend>(
        TELEGRAM_SEND_JOB,
        messages.map(({ chatId, text, link, locale }) => ({
          chatId,
          text,
          buttons: [{ text: botText('open', locale), url: `${appUrl}${link}` }],
        })),
      )
    },

    /** An update Telegram posted: queued at once (Telegram waits for the answer), handled once by its id. */
    async receive(update: TelegramUpdate) {
      await jobs.send<TelegramUpdate>(TELEGRAM_UPDATE_JOB, update, { key: String(update.update_id) })
    },
  }
}
export type TelegramService = ReturnType<typeof createTelegramService>
