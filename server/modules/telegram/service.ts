// Telegram and the account (docs/decisions/026-telegram.md): "Connect Telegram" links, the bot's updates, its
// messages, and the Mini App's login.
import { setTimeout } from 'node:timers/promises'
import type { JobLog, JobQueue } from '#server/adapters/jobs/job-queue.ts'
import { BotRefusal, type BotMessage, type BotSender } from '#server/adapters/telegram/bot-api.ts'
import { TELEGRAM_LINK_TTL_MIN } from '#contract/telegram-endpoints.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, unauthorized } from '#server/lib/app-error.ts'
import { addSeconds, type Clock } from '#server/lib/clock.ts'
import { randomToken, sha256 } from '#server/lib/secrets.ts'
import { botText, localeOfTelegram, type BotText } from './bot-texts.ts'
import { verifyInitData } from './init-data.ts'
import { createFinder, type FinderDeps } from './find.ts'
import { appButton, createQuickReply, orderButtons, type QuickReplyDeps } from './quick-reply.ts'
import { createSignup, type SignupPerson } from './signup.ts'
import type { SignupAccounts, SignupCatalogue } from './signup-deps.ts'
import type { TelegramNotice } from '#server/modules/notifications/ports.ts'
import type { TelegramRepository } from './repository.ts'

export const TELEGRAM_UPDATE_JOB = 'telegram.update'
/** The bot's messages, in order per chat (a person reads "chosen" before "accepted"). */
export const TELEGRAM_SEND_JOB = 'telegram.message'
/** The kind before messages were ordered: what a deploy left in it is still sent (pg-boss cannot reorder a queue). */
export const UNORDERED_SEND_JOB = 'telegram.send'
/** A 429 asking to wait at most this long is waited out in the message's place; a longer one, by a retry. */
const WAIT_IN_PLACE_MAX_S = 30
/**
 * The bot's answer to what a person just did goes before queued notifications (a new order's thousands of messages
 * must not keep a sign-up waiting), and a professional's notification before the others' (1, decision 016).
 */
const ANSWER_PRIORITY = 2
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
    contact?: { phone_number: string; user_id?: number }
  }
  inline_query?: {
    id: string
    from: { id: number; language_code?: string }
    query: string
    offset: string
  }
  callback_query?: {
    id: string
    from: { id: number; language_code?: string }
    data?: string
    message?: { message_id: number; chat: { id: number; type: string } }
  }
}

type BotSend = BotMessage

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
  /** The sign-up conversation's catalogue and accounts (signup-deps.ts). */
  catalogue: SignupCatalogue
  accounts: SignupAccounts
  /** The professionals `/find` and inline mode list (find.ts). */
  professionals: FinderDeps['professionals']
  /** What the quick buttons under a new order do (quick-reply.ts). */
  orders: QuickReplyDeps['orders']
  hasQuickReply: QuickReplyDeps['hasQuickReply']
}

/** `/start`, `/start@bot`, with the deep link's payload after a space. */
const START = /^\/start(?:@\w+)?(?:\s+(\S{1,64}))?\s*$/
/** A "Connect Telegram" token (secrets.ts randomToken: 32 bytes, base64url). */
const LINK_TOKEN = /^[\w-]{43}$/
/** The sign-up's deep link with an invite code (`inv_<code>`, decision 015). */
const INVITE_PAYLOAD = /^inv_([\w-]{1,40})$/
const FIND = /^\/find(?:@\w+)?\s*$/

/**
 * A message to a chat, queued behind the chat's earlier ones. `priority` orders it among other chats' messages:
 * answers to what a person just did (2), a professional's notifications (1), the rest (0).
 */
export const queueMessage = (jobs: JobQueue, message: BotSend, priority = ANSWER_PRIORITY) =>
  jobs.send<BotSend>(TELEGRAM_SEND_JOB, message, { key: message.chatId, priority })

/**
 * One message to Telegram. 429: sent again once Telegram's `retry_after` has passed, still ahead of the chat's later
 * messages (waited out here when short, else by the job's retries). 403 (the bot blocked, the account deleted): the
 * person's Telegram notifications switch off. 400 "chat not found": the link is gone. Anything else is thrown, for
 * the job's own retries.
 */
async function deliver(
  { repo, clock, sender, forgetUser }: Pick<TelegramDeps, 'repo' | 'clock' | 'sender' | 'forgetUser'>,
  send: BotSend,
  log: JobLog,
) {
  try {
    await sender.send(send).catch(async (error: unknown) => {
      const waitS = error instanceof BotRefusal && error.code === 429 ? (error.retryAfterS ?? 1) : undefined
      if (waitS === undefined || waitS > WAIT_IN_PLACE_MAX_S) throw error
      await setTimeout(waitS * 1000)
      await sender.send(send)
    })
  } catch (error) {
    if (!(error instanceof BotRefusal) || error.code === 429) throw error
    const user = await repo.findByTelegramId(send.chatId)
    if (error.code === 403 && user) await repo.switchOff(user.id, clock.now())
    else if (error.code === 400 && /chat not found/i.test(error.description) && user)
      await repo.unlinkUser(user.id, clock.now())
    if (user) await forgetUser(user.id)
    log.warn({ code: error.code, userId: user?.id }, 'telegram refused a message')
  }
}

/** A text of the bot in the person's Telegram language, as a send job; with a button to the app when asked. */
const sayer =
  (jobs: JobQueue, appUrl: string) =>
  (chatId: string, text: BotText, languageCode: string | undefined, withApp = false) => {
    const locale = localeOfTelegram(languageCode)
    return queueMessage(jobs, {
      chatId,
      text: botText(text, locale),
      ...(withApp && { buttons: [{ text: botText('openApp', locale), url: `${appUrl}/orders` }] }),
    })
  }

/** `/start <token>` from a "Connect Telegram" link: linked once, in the transaction that records the update. */
async function link(
  deps: TelegramDeps,
  update: TelegramUpdate,
  person: SignupPerson,
  token: string,
  log: JobLog,
) {
  const { repo, clock, forgetUser } = deps
  const say = sayer(deps.jobs, deps.appUrl)
  const linked = await repo.linkByStart({
    updateId: update.update_id,
    tokenHash: sha256(token),
    telegramId: person.telegramId,
    now: clock.now(),
  })
  if (linked === 'repeat') return
  if (linked === 'invalid') return say(person.chatId, 'linkInvalid', person.languageCode)
  await forgetUser(linked.id)
  await repo.endSignup(person.telegramId)
  log.info({ userId: linked.id }, 'telegram linked')
  return say(person.chatId, 'linked', person.languageCode, true)
}

/** The bot's conversations: `/find` and inline mode, the sign-up, and the quick buttons under a new order. */
function conversations(deps: TelegramDeps) {
  const { repo, clock, jobs, sender, appUrl, catalogue, accounts } = deps
  const answer = (chatId: string, message: Omit<BotSend, 'chatId'>) =>
    queueMessage(jobs, { chatId, ...message })
  return {
    finder: createFinder({
      catalogue,
      professionals: deps.professionals,
      say: answer,
      answerInline: (queryId, cards, nextOffset) => sender.answerInline(queryId, cards, nextOffset),
      appUrl,
    }),
    signup: createSignup({ repo, clock, sender, catalogue, accounts, say: answer }),
    quick: createQuickReply({
      findUser: (telegramId) => repo.findByTelegramId(telegramId),
      orders: deps.orders,
      hasQuickReply: deps.hasQuickReply,
      sender,
      say: answer,
      appUrl,
    }),
  }
}

/**
 * Notifications for linked chats: a send job each, stored in one statement, with a button to the page in the app.
 * The `first` ones are taken before the others waiting. A fan-out (a new order, the morning digest) tells each chat
 * one thing: no order to keep within it, and pg-boss's ordered fetch slows to a crawl over thousands of keys
 * (`npm run bench:telegram`), so it goes unordered.
 */
async function queueNotices(jobs: JobQueue, appUrl: string, messages: TelegramNotice[]) {
  const fanOut =
    messages.length > 1 && new Set(messages.map((message) => message.chatId)).size === messages.length
  await jobs.sendMany<BotSend>(
    fanOut ? UNORDERED_SEND_JOB : TELEGRAM_SEND_JOB,
    messages.map(({ chatId, text, link, locale, silent, quickReplyTo }) => ({
      chatId,
      text,
      ...(silent && { silent }),
      buttons:
        quickReplyTo === undefined
          ? [appButton(botText('open', locale), `${appUrl}${link}`)]
          : orderButtons(quickReplyTo, link, locale, appUrl, true),
    })),
    (message, index) => ({ key: message.chatId, priority: messages[index]!.first ? 1 : 0 }),
  )
}

export function createTelegramService(deps: TelegramDeps) {
  const { repo, clock, jobs, bot, sender, appUrl, forgetUser, accounts } = deps
  const { finder, signup, quick } = conversations(deps)
  const unavailable = () => new AppError('not_found', 'telegram_unavailable')

  /**
   * An update from a private chat: a "Connect Telegram" link links; `/start` greets a linked person and begins the
   * sign-up for anyone else; the rest answers the sign-up's current step. Each update acts once however often
   * Telegram delivers it.
   */
  async function handleUpdate(update: TelegramUpdate, log: JobLog): Promise<void> {
    const { message, callback_query: tap, inline_query: inline } = update
    if (inline) {
      if (!(await repo.takeUpdate(update.update_id, clock.now()))) return
      const locale = localeOfTelegram(inline.from.language_code)
      await finder.inline(inline.id, locale, inline.query, inline.offset)
      return
    }
    const from = message?.from ?? tap?.from
    const chat = message?.chat ?? tap?.message?.chat
    if (!from || !chat || chat.type !== 'private')
      return void (await repo.takeUpdate(update.update_id, clock.now()))
    const person = { telegramId: String(from.id), chatId: String(chat.id), languageCode: from.language_code }
    const payload = message?.text?.match(START)?.[1]
    if (payload && LINK_TOKEN.test(payload)) return void (await link(deps, update, person, payload, log))
    if (!(await repo.takeUpdate(update.update_id, clock.now()))) return
    const locale = localeOfTelegram(person.languageCode)
    if (tap && quick.handles(tap.data))
      return quick.tap(person, locale, { id: tap.id, data: tap.data!, messageId: tap.message?.message_id })
    if (tap) await sender.answerTap(tap.id).catch(() => undefined)
    if (tap?.data?.startsWith('f:')) return void (await finder.tap(person.chatId, locale, tap.data))
    if (message?.text !== undefined && FIND.test(message.text)) return finder.start(person.chatId, locale)
    const input = tap
      ? { kind: 'tap' as const, data: tap.data ?? '', messageId: tap.message?.message_id }
      : message?.contact
        ? { kind: 'contact' as const, phone: message.contact.phone_number, ownerId: message.contact.user_id }
        : { kind: 'text' as const, text: message?.text ?? '' }
    const started = message?.text !== undefined && START.test(message.text)
    if (!started && (await signup.answer(person, input))) return
    const user = await repo.findByTelegramId(person.telegramId)
    if (!user) return signup.begin(person, payload?.match(INVITE_PAYLOAD)?.[1])
    await repo.endSignup(person.telegramId)
    const welcome = await accounts.welcome(user, locale, 'linked')
    await queueMessage(jobs, { chatId: person.chatId, ...welcome, text: botText('welcomeBack', locale) })
  }

  jobs.define<TelegramUpdate>(
    TELEGRAM_UPDATE_JOB,
    { retryLimit: 3, retryDelayS: 5, expireInS: 60, pollS: 1, concurrency: 4, policy: 'onePerKey' },
    (update, job) => handleUpdate(update, job.log),
  )
  const sendKind = { retryLimit: 5, retryDelayS: 5, expireInS: 60, pollS: 1, concurrency: 8 }
  for (const [kind, policy] of [
    [TELEGRAM_SEND_JOB, 'inOrderPerKey'],
    [UNORDERED_SEND_JOB, undefined],
  ] as const)
    jobs.define<BotSend>(kind, { ...sendKind, ...(policy && { policy }) }, (send, job) =>
      deliver({ repo, clock, sender, forgetUser }, send, job.log),
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

    /** The account of the bot's "Open Fika" link; a token used, expired or unknown is refused alike. */
    async userOfLoginLink(token: string): Promise<UserRow> {
      if (!bot) throw unavailable()
      const user = await repo.takeLoginToken(sha256(token), clock.now())
      if (!user) throw unauthorized()
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

    /** The notifications area's TelegramDelivery (queueNotices). */
    async sendMany(messages: TelegramNotice[]) {
      if (bot) await queueNotices(jobs, appUrl, messages)
    },

    /** An update Telegram posted: queued at once (Telegram waits for the answer), handled once by its id. */
    async receive(update: TelegramUpdate) {
      await jobs.send<TelegramUpdate>(TELEGRAM_UPDATE_JOB, update, { key: String(update.update_id) })
    },
  }
}
export type TelegramService = ReturnType<typeof createTelegramService>
