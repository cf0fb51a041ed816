import { sql } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { MORNING_DIGEST_JOB } from '#server/modules/notifications/morning-digest.ts'
import { translate } from '#server/i18n/messages.ts'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { act, fakeRealtime, publish, specialist } from '#tests/helpers/notifications.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { telegramChats } from '#tests/helpers/telegram-chats.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { grantPlan } from '#tests/helpers/wallet.ts'

const bot = await startFakeBotApi()
afterAll(() => bot.close())
const SECRET = 'webhook-secret-of-the-quick-reply-tests-0123'
const t = useTestApp({
  catalogue: true,
  config: {
    TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: bot.apiRoot,
  },
  deps: { realtimeHub: fakeRealtime().hub },
})
const chats = telegramChats(t, bot, SECRET, 70_000)
beforeEach(() => {
  bot.calls.length = 0
})

const REPLY_TEXT = 'Здравствуйте! Сделаю быстро и аккуратно, звоните.'

/** A professional with Telegram linked and, unless told otherwise, a saved reply text. */
async function professional(replyTemplate: string | null = REPLY_TEXT) {
  const me = await specialist(t, replyTemplate ? { reply_template: replyTemplate } : {})
  await grantPlan(t, me, 'professional')
  return { me, chat: await chats.linkTelegram(me) }
}

/** The new order's message in a chat, and its keyboard as `text → callback or path` rows. */
async function newOrderMessage(chat: number, orderName: string) {
  const message = (await chats.messagesTo(chat)).find((sent) => sent.text.includes(orderName))
  expect(message, `no message about ${orderName}`).toBeDefined()
  const rows = message!.keyboard.map((row) =>
    row.map((button) => button.callback_data ?? new URL(button.url!).pathname),
  )
  return { ...message!, rows }
}

const repliesOf = async (orderId: number, customer: Caller) =>
  (await send(t, 'GET', `/orders/${orderId}/replies`, customer)).json<{
    collection: { executor_id: number; message: string }[]
  }>().collection

describe('the quick buttons under a new order in Telegram', () => {
  it('are given to professionals only: others get the order with "Open" alone', async () => {
    const customer = await user(t, 'customer')
    const pro = await professional()
    const plain = await specialist(t, { reply_template: REPLY_TEXT })
    const plainChat = await chats.linkTelegram(plain)
    const order = await publish(t, customer, { name: 'Поклеить обои' })
    expect((await newOrderMessage(pro.chat, 'Поклеить обои')).rows).toEqual([
      [`/order/${order.id}`],
      [`q:${order.id}`, `x:${order.id}`],
    ])
    expect((await newOrderMessage(plainChat, 'Поклеить обои')).rows).toEqual([[`/order/${order.id}`]])
  })

  it('"Reply" sends the saved reply text as a real reply once, however often it is tapped', async () => {
    const customer = await user(t, 'customer')
    const pro = await professional()
    const order = await publish(t, customer, { name: 'Починить кран' })
    const message = await newOrderMessage(pro.chat, 'Починить кран')

    expect(await chats.tap(pro.chat, `q:${order.id}`, message.messageId)).toBe(
      botText('quickReplySent', 'ru'),
    )
    expect(await repliesOf(order.id, customer)).toEqual([
      expect.objectContaining({ executor_id: pro.me.id, message: REPLY_TEXT }),
    ])
    // The quick buttons are gone from that message: only "Open" stays.
    const edit = bot.calls.find((call) => call.method === 'editMessageReplyMarkup')
    expect(edit?.payload).toMatchObject({ chat_id: String(pro.chat), message_id: message.messageId })
    expect(
      (edit!.payload.reply_markup as { inline_keyboard: unknown[][] }).inline_keyboard.flat(),
    ).toHaveLength(1)

    expect(await chats.tap(pro.chat, `q:${order.id}`, message.messageId)).toBe(
      translate('already_replied', 'ru'),
    )
    expect(await repliesOf(order.id, customer)).toHaveLength(1)
  })

  it('"Reply" follows the app’s rules: not for an order no longer open, not once the plan has ended', async () => {
    const customer = await user(t, 'customer')
    const pro = await professional()
    const other = await specialist(t)
    const order = await publish(t, customer, { name: 'Собрать кровать' })
    expect(
      (await send(t, 'POST', `/orders/${order.id}/replies`, other, { message: 'Могу сегодня.' })).statusCode,
    ).toBe(201)
    await act(t, order.id, 'choose', customer, { executor_id: other.id })
    await act(t, order.id, 'accept', other)
    expect(await chats.tap(pro.chat, `q:${order.id}`)).toBe(translate('order_wrong_status', 'ru'))

    const second = await publish(t, customer, { name: 'Вынести мусор' })
    await t.db.db.execute(sql`update plan_periods set revoked_at = now() where user_id = ${pro.me.id}`)
    expect(await chats.tap(pro.chat, `q:${second.id}`)).toBe(botText('quickReplyPlan', 'ru'))
    expect(await repliesOf(second.id, customer)).toEqual([])
  })

  it('"Reply" without a saved text asks for one, with a button to the app, and replies nothing', async () => {
    const customer = await user(t, 'customer')
    const pro = await professional(null)
    const order = await publish(t, customer, { name: 'Погладить бельё' })
    await chats.settled()
    bot.calls.length = 0
    expect(await chats.tap(pro.chat, `q:${order.id}`)).toBe(botText('quickReplyNoText', 'ru'))
    const [asked] = await chats.messagesTo(pro.chat)
    expect(asked).toMatchObject({ text: botText('quickReplyNoText', 'ru') })
    expect(new URL(asked!.keyboard[0]![0]!.url!).pathname).toBe('/account')
    expect(await repliesOf(order.id, customer)).toEqual([])
  })

  it('are refused to a Telegram user with no account, to a customer and on one’s own order', async () => {
    const customer = await user(t, 'customer')
    const customerChat = await chats.linkTelegram(customer)
    const order = await publish(t, customer, { name: 'Свой заказ' })
    // A customer (their own order), then a stranger who never linked Telegram.
    expect(await chats.tap(customerChat, `q:${order.id}`)).toBe(botText('quickReplyPlan', 'ru'))
    expect(await chats.tap(customerChat, `x:${order.id}`)).toBe(translate('forbidden', 'ru'))
    expect(await chats.tap(79_999, `q:${order.id}`)).toBe(botText('quickReplyNotLinked', 'ru'))
    expect(await chats.tap(79_999, `x:${order.id}`)).toBe(botText('quickReplyNotLinked', 'ru'))
    expect(await repliesOf(order.id, customer)).toEqual([])
  })

  it('"Not interested" takes the order out of the professional’s morning digest', async () => {
    const customer = await user(t, 'customer')
    const pro = await professional()
    const hidden = await publish(t, customer, { name: 'Скрытый заказ' })
    const kept = await publish(t, customer, { name: 'Нужный заказ' })
    expect(await chats.tap(pro.chat, `x:${hidden.id}`)).toBe(botText('hidden', 'ru'))
    expect(await chats.tap(pro.chat, `x:${hidden.id}`)).toBe(botText('hidden', 'ru'))
    expect(await chats.tap(pro.chat, 'x:2147483648')).toBe(translate('not_found', 'ru'))
    bot.calls.length = 0
    await t.app.jobs.send(MORNING_DIGEST_JOB, {})
    const digest = (await chats.messagesTo(pro.chat)).map((message) => message.text).join('\n')
    expect(digest).toContain('Нужный заказ')
    expect(digest).not.toContain('Скрытый заказ')
    expect(kept.id).toBeGreaterThan(hidden.id)
  })
})

describe('quiet hours', () => {
  /** Quiet hours that hold now in Tashkent (UTC+5), from the hour before to the hour after. */
  const aroundNow = () => {
    const hour = (t.clock.now().getUTCHours() + 5) % 24
    return { from: (hour + 23) % 24, to: (hour + 1) % 24 }
  }
  const farFromNow = () => {
    const hour = (t.clock.now().getUTCHours() + 5) % 24
    return { from: (hour + 3) % 24, to: (hour + 5) % 24 }
  }

  it('bring a professional’s Telegram messages without a sound while they hold, and with one outside them', async () => {
    const customer = await user(t, 'customer')
    const quiet = await professional()
    const loud = await professional()
    for (const [who, hours] of [
      [quiet.me, aroundNow()],
      [loud.me, farFromNow()],
    ] as const) {
      const saved = await send(t, 'PUT', '/profile/notification/settings', who, { quiet_hours: hours })
      expect(saved.statusCode, saved.body).toBe(200)
      expect(saved.json()).toMatchObject({ quiet_hours: hours })
    }
    await publish(t, customer, { name: 'Тихий заказ' })
    expect((await newOrderMessage(quiet.chat, 'Тихий заказ')).silent).toBe(true)
    expect((await newOrderMessage(loud.chat, 'Тихий заказ')).silent).toBe(false)
  })

  it('are the professional plan’s: others are told which plan, and anyone may take them off', async () => {
    const plain = await specialist(t)
    const refused = await send(t, 'PUT', '/profile/notification/settings', plain, {
      quiet_hours: aroundNow(),
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      type: 'forbidden',
      code: expect.stringMatching(/^plan_required_/),
    })
    const off = await send(t, 'PUT', '/profile/notification/settings', plain, { quiet_hours: null })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ quiet_hours: null })
    for (const bad of [
      { from: 3, to: 3 },
      { from: 24, to: 7 },
      { from: -1, to: 7 },
      { from: 1.5, to: 7 },
    ])
      expect(
        (await send(t, 'PUT', '/profile/notification/settings', plain, { quiet_hours: bad })).statusCode,
      ).toBe(400)
  })
})

describe('the saved reply text', () => {
  it('is kept in the own profile, must make a valid reply, and clears when emptied', async () => {
    const me = await user(t, 'executor')
    const short = await send(t, 'PUT', `/profile/${me.id}`, me, { reply_template: 'Да' })
    expect(short.statusCode).toBe(400)
    expect(short.json().error.code).toBe('reply_too_short')
    const saved = await send(t, 'PUT', `/profile/${me.id}`, me, { reply_template: `  ${REPLY_TEXT}  ` })
    expect(saved.json()).toMatchObject({ reply_template: REPLY_TEXT })
    const cleared = await send(t, 'PUT', `/profile/${me.id}`, me, { reply_template: '' })
    expect(cleared.json()).toMatchObject({ reply_template: null })
  })
})
