import { sql } from 'drizzle-orm'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { TELEGRAM_SEND_JOB, UNORDERED_SEND_JOB } from '#server/modules/telegram/service.ts'
import { startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { act, fakeRealtime, publish, specialist } from '#tests/helpers/notifications.ts'
import { send, user } from '#tests/helpers/specialists.ts'
import { MORNING_DIGEST_JOB } from '#server/modules/notifications/morning-digest.ts'
import { telegramChats } from '#tests/helpers/telegram-chats.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { grantPlan } from '#tests/helpers/wallet.ts'

const bot = await startFakeBotApi()
afterAll(() => bot.close())
const SECRET = 'webhook-secret-of-the-tests-0123456789'
const t = useTestApp({
  catalogue: true,
  config: {
    TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: bot.apiRoot,
  },
  deps: { realtimeHub: fakeRealtime().hub },
})

const { linkTelegram, telegramFor, sentTo } = telegramChats(t, bot, SECRET)
beforeEach(() => {
  bot.calls.length = 0
})

describe('notifications in Telegram', () => {
  it('reach a linked person for every kind by default, and a professional’s new orders are taken first', async () => {
    const customer = await user(t, 'customer')
    const plain = await specialist(t)
    const professional = await specialist(t)
    await grantPlan(t, professional, 'professional')
    const [plainChat, professionalChat] = [await linkTelegram(plain), await linkTelegram(professional)]
    await publish(t, customer, { name: 'Покрасить стены' })
    expect(await sentTo(plainChat)).toEqual([
      expect.objectContaining({ text: expect.stringContaining('Покрасить стены') }),
    ])
    expect(await sentTo(professionalChat)).toHaveLength(1)
    // The queue takes the higher priority first: the professional's message is not behind the others waiting.
    const jobs = (await t.db.db.execute(
      sql`select data->>'chatId' as chat, priority from pgboss.job
          where name in (${TELEGRAM_SEND_JOB}, ${UNORDERED_SEND_JOB}) and data->>'text' like '%Покрасить стены%'`,
    )) as unknown as { rows: { chat: string; priority: number }[] }
    const priorityOf = (chat: number) => jobs.rows.find((row) => row.chat === String(chat))?.priority
    expect(priorityOf(professionalChat)).toBe(1)
    expect(priorityOf(plainChat)).toBe(0)
  })

  it('tell a linked specialist of a new order, and the customer of the reply, each with a button to the order', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const [customerChat, executorChat] = [await linkTelegram(customer), await linkTelegram(executor)]
    await telegramFor(executor, ['new_order'])
    await telegramFor(customer, ['order_reply'])
    const order = await publish(t, customer, { name: 'Собрать шкаф' })
    expect(await sentTo(executorChat)).toEqual([
      {
        text: expect.stringContaining('Собрать шкаф'),
        button: botText('open', 'ru'),
        url: `/order/${order.id}`,
      },
    ])
    const replied = await send(t, 'POST', `/orders/${order.id}/replies`, executor, {
      message: 'Сделаю сегодня.',
    })
    expect(replied.statusCode).toBe(201)
    expect(await sentTo(customerChat)).toEqual([
      {
        text: expect.stringContaining(`№${order.number}`),
        button: botText('open', 'ru'),
        url: `/order/${order.id}`,
      },
    ])
  })

  it('go nowhere when the kind’s Telegram switch is off, the Telegram switch is off, or no Telegram is linked', async () => {
    const customer = await user(t, 'customer')
    const kindOff = await specialist(t)
    const allOff = await specialist(t)
    const unlinked = await specialist(t)
    const [kindOffChat, allOffChat] = [await linkTelegram(kindOff), await linkTelegram(allOff)]
    await telegramFor(kindOff, ['new_order'], false)
    await telegramFor(allOff, ['new_order'])
    expect(
      (await send(t, 'PUT', `/profile/${allOff.id}`, allOff, { telegram_notifications: false })).statusCode,
    ).toBe(200)
    await telegramFor(unlinked, ['new_order'])
    await publish(t, customer)
    expect(await sentTo(kindOffChat)).toEqual([])
    expect(await sentTo(allOffChat)).toEqual([])
    expect(bot.calls.filter((call) => call.method === 'sendMessage')).toEqual([])
  })

  it('follow the order’s steps: chosen, accepted, completed and the review reach whoever they are for, in order', async () => {
    const customer = await user(t, 'customer')
    const executor = await specialist(t)
    const [customerChat, executorChat] = [await linkTelegram(customer), await linkTelegram(executor)]
    await telegramFor(executor, ['executor_chosen', 'order_completed', 'review_received'])
    await telegramFor(customer, ['order_accepted'])
    // The kinds this test is not about are switched off (every kind is on by default).
    await telegramFor(executor, ['new_order'], false)
    await telegramFor(customer, ['order_reply'], false)
    const order = await publish(t, customer)
    const replied = await send(t, 'POST', `/orders/${order.id}/replies`, executor, { message: 'Готов.' })
    expect(replied.statusCode).toBe(201)
    await jobsSettled(t.db)
    // Telegram asks to wait before the first of them: the later ones wait behind it rather than overtake it.
    bot.refuseNext({
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    })
    await act(t, order.id, 'choose', customer, { executor_id: executor.id })
    await act(t, order.id, 'accept', executor)
    await act(t, order.id, 'complete', customer)
    const review = await send(t, 'POST', `/orders/${order.id}/review`, customer, {
      rating: 5,
      comment: 'Всё сделал аккуратно, спасибо!',
    })
    expect(review.statusCode, review.body).toBeLessThan(300)
    const [toExecutor, toCustomer] = [await sentTo(executorChat), await sentTo(customerChat)]
    // Every call Telegram got, the refused one first.
    const titles = toExecutor.map((message) => message.text.split('\n')[0])
    expect(titles).toEqual([
      'Вас выбрали исполнителем',
      'Вас выбрали исполнителем',
      'Заказ выполнен',
      'Новый отзыв',
    ])
    for (const message of toExecutor) expect(message.text).toContain(`№${order.number}`)
    expect(toCustomer).toEqual([
      {
        text: expect.stringContaining(`№${order.number}`),
        button: botText('open', 'ru'),
        url: `/order/${order.id}`,
      },
    ])
  })

  it('give a professional, at 08:00, one digest of the last day’s open orders that match them, and no one else', async () => {
    const customer = await user(t, 'customer')
    const professional = await specialist(t)
    const switchedOff = await specialist(t)
    const plain = await specialist(t)
    for (const one of [professional, switchedOff]) await grantPlan(t, one, 'professional')
    const [professionalChat, switchedOffChat, plainChat] = [
      await linkTelegram(professional),
      await linkTelegram(switchedOff),
      await linkTelegram(plain),
    ]
    await telegramFor(switchedOff, ['new_order'], false)
    const yesterdays = await publish(t, customer, { name: 'Вчерашний заказ' })
    // Published a day and an hour ago (the clock is not moved: the sessions would end).
    await t.db.db.execute(
      sql`update orders set created_at = created_at - interval '25 hours' where id = ${yesterdays.id}`,
    )
    const fresh = await publish(t, customer, { name: 'Свежий заказ' })
    await t.app.services.events.settled()
    await jobsSettled(t.db)
    bot.calls.length = 0

    await t.app.jobs.send(MORNING_DIGEST_JOB, {})
    const [digest] = await sentTo(professionalChat)
    expect(digest!.text.split('\n')).toEqual([
      expect.stringMatching(/: 1$/),
      `№${String(fresh.id).padStart(6, '0')} «Свежий заказ»`,
    ])
    expect(digest!.url).toBe('/orders')
    expect(await sentTo(professionalChat)).toHaveLength(1)
    expect(await sentTo(switchedOffChat)).toEqual([])
    expect(await sentTo(plainChat)).toEqual([])
  })

  it('reach one person in the order they were made, even when Telegram asks to wait before the first', async () => {
    const executor = await specialist(t)
    const chat = await linkTelegram(executor)
    bot.refuseNext({
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    })
    // A burst for one chat, stored in one statement: without an order per chat they would run side by side.
    await t.app.telegram.service.sendMany(
      ['первое', 'второе', 'третье'].map((text) => ({
        chatId: String(chat),
        text,
        link: '/orders',
        locale: 'ru',
      })),
    )
    expect((await sentTo(chat)).map((message) => message.text)).toEqual([
      'первое',
      'первое',
      'второе',
      'третье',
    ])
  })
})
