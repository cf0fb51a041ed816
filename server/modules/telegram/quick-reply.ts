// The buttons under a new order a professional hears of in Telegram (decision 016): "Reply" sends their saved reply
// text as a real reply, "Not interested" puts the order out of their morning digest. Both act through the orders
// service, with the app's rules, as the linked account.
import type { BotButton, BotMessage, BotSender } from '#server/adapters/telegram/bot-api.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Locale } from '#server/i18n/locale.ts'
import { translate } from '#server/i18n/messages.ts'
import { AppError } from '#server/lib/app-error.ts'
import { botText } from './bot-texts.ts'

/** `q:<order>` replies, `x:<order>` hides; an order id is at most a 32-bit integer. */
const QUICK = /^([qx]):(\d{1,12})$/
const ID_MAX = 2_147_483_647

/**
 * A button to a page of the app: inside Telegram as the Mini App where the address allows it (Telegram opens only
 * https ones so), else in the browser.
 */
export const appButton = (text: string, url: string): BotButton =>
  url.startsWith('https:') ? { text, webApp: url } : { text, url }

/** The buttons under a new order's message: "Open", and for a professional the quick ones. */
export function orderButtons(orderId: number, link: string, locale: Locale, appUrl: string, quick: boolean) {
  const open = appButton(botText('open', locale), `${appUrl}${link}`)
  if (!quick) return [open]
  return [
    open,
    [
      { text: botText('quickReply', locale), callback: `q:${orderId}` },
      { text: botText('notInterested', locale), callback: `x:${orderId}` },
    ],
  ]
}

export type QuickReplyDeps = {
  findUser: (telegramId: string) => Promise<UserRow | undefined>
  orders: {
    reply: (id: number, message: string, caller: UserRow, key: string | undefined) => Promise<unknown>
    hide: (id: number, caller: UserRow) => Promise<void>
  }
  /** Whether the person's plan still has convenient notifications now: the buttons may outlive it. */
  hasQuickReply: (userId: number) => Promise<boolean>
  sender: Pick<BotSender, 'editButtons' | 'answerTap'>
  say: (chatId: string, message: Omit<BotMessage, 'chatId'>) => Promise<unknown>
  appUrl: string
}

type Tap = { id: string; data: string; messageId: number | undefined }
type Person = { telegramId: string; chatId: string }

export function createQuickReply(deps: QuickReplyDeps) {
  const { findUser, orders, sender, say, appUrl } = deps
  const notice = (tapId: string, text: string) => sender.answerTap(tapId, text).catch(() => undefined)
  /** The quick buttons go once used: only "Open" stays under the order. */
  const settle = async (person: Person, tap: Tap, orderId: number, locale: Locale) => {
    if (tap.messageId === undefined) return
    const [open] = orderButtons(orderId, `/order/${orderId}`, locale, appUrl, false)
    await sender.editButtons(person.chatId, tap.messageId, [open!]).catch(() => undefined)
  }

  async function act(user: UserRow, person: Person, tap: Tap, locale: Locale, action: 'q' | 'x', id: number) {
    if (action === 'x') {
      await orders.hide(id, user)
      await settle(person, tap, id, locale)
      return notice(tap.id, botText('hidden', locale))
    }
    if (!(await deps.hasQuickReply(user.id))) return notice(tap.id, botText('quickReplyPlan', locale))
    if (!user.replyTemplate) {
      await notice(tap.id, botText('quickReplyNoText', locale))
      return say(person.chatId, {
        text: botText('quickReplyNoText', locale),
        buttons: [appButton(botText('quickReplySetText', locale), `${appUrl}/account#notifications`)],
      })
    }
    await orders.reply(id, user.replyTemplate, user, undefined)
    await settle(person, tap, id, locale)
    return notice(tap.id, botText('quickReplySent', locale))
  }

  return {
    handles: (data: string | undefined) => data !== undefined && QUICK.test(data),

    /** A tap on a quick button; the app's refusals (already replied, order taken) come back as its notice. */
    async tap(person: Person, locale: Locale, tap: Tap) {
      const [, action, digits] = tap.data.match(QUICK)!
      const id = Number(digits)
      const user = await findUser(person.telegramId)
      if (!user) return notice(tap.id, botText('quickReplyNotLinked', locale))
      try {
        await act(user, person, tap, locale, action as 'q' | 'x', id > ID_MAX ? 0 : id)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (error.code === 'already_replied') await settle(person, tap, id, locale)
        await notice(tap.id, translate(error.code, locale))
      }
    },
  }
}
