import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { AUTH_PATH } from '#contract/endpoint.ts'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { lastCode, nextPhone, register } from '#tests/helpers/auth-flows.ts'
import { startFakeBotApi, type BotApiCall } from '#tests/helpers/fake-telegram.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const bot = await startFakeBotApi()
afterAll(() => bot.close())
const SECRET = 'webhook-secret-of-the-tests-0123456789'
const config = {
  TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx',
  TELEGRAM_BOT_USERNAME: 'fika_test_bot',
  TELEGRAM_WEBHOOK_SECRET: SECRET,
  TELEGRAM_API_ROOT: bot.apiRoot,
}
const t = useTestApp({ config, catalogue: true })

type Inject = typeof t.inject
let updateId = 90_000
const post = async (update: object, inject: Inject = (options) => t.inject(options)) => {
  const response = await inject({
    method: 'POST',
    url: TELEGRAM_WEBHOOK_PATH,
    headers: { [TELEGRAM_SECRET_HEADER]: SECRET },
    payload: { update_id: ++updateId, ...update },
  })
  expect(response.statusCode).toBe(200)
  await jobsSettled(t.db)
}

/** A Telegram user of the tests: what they can do in the chat, and what the bot sent them. */
function telegramUser(id: number, languageCode = 'ru') {
  const from = { id, is_bot: false, first_name: 'Aziz', language_code: languageCode }
  const chat = { id, type: 'private' }
  const sent = () =>
    bot.calls.filter(
      (call) => call.method === 'sendMessage' && String(call.payload.chat_id) === String(id),
    ) as (BotApiCall & { payload: { text: string; reply_markup?: Keyboard } })[]
  const last = () => sent().at(-1)!.payload
  return {
    id,
    sent,
    last,
    write: (text: string, inject?: Inject) =>
      post({ message: { message_id: updateId, date: 0, chat, from, text } }, inject),
    shareContact: (phone: string, userId = id) =>
      post({
        message: {
          message_id: updateId,
          date: 0,
          chat,
          from,
          contact: { phone_number: phone, user_id: userId },
        },
      }),
    /** Taps the button labelled `label` (or carrying it as data) on the newest message of the bot that has one. */
    async tap(label: string, inject?: Inject) {
      const matches = (button: { text: string; callback_data?: string }) =>
        button.text === label || button.text === `✅ ${label}` || button.callback_data === label
      const button = sent()
        .map((call) => (call.payload.reply_markup?.inline_keyboard ?? []).flat().find(matches))
        .findLast((found) => found !== undefined)
      if (!button?.callback_data) throw new Error(`no button "${label}" in the chat`)
      await post(
        {
          callback_query: {
            id: String(updateId),
            from,
            data: button.callback_data,
            message: { message_id: 1, chat },
          },
        },
        inject,
      )
    },
    buttonTexts: () => (last().reply_markup?.inline_keyboard ?? []).flat().map((button) => button.text),
  }
}
type Keyboard = {
  inline_keyboard?: { text: string; callback_data?: string; url?: string; web_app?: { url: string } }[][]
  keyboard?: { text: string; request_contact?: boolean }[][]
}

const userOf = async (phone: string) => {
  const result = (await t.db.db.execute(
    sql`select id, name, surname, type, telegram_id, telegram_notifications, district_ids from users where phone = ${phone}`,
  )) as unknown as { rows: Record<string, unknown>[] }
  return result.rows[0]
}
const categoryNames = async () => {
  const result = (await t.db.db.execute(
    sql`select id, name->>'ru' as name from categories order by position, id`,
  )) as unknown as { rows: { id: number; name: string }[] }
  return result.rows
}

/** The conversation up to the categories: Russian, the person's own number, a name. */
async function upToCategories(person: ReturnType<typeof telegramUser>, phone: string, start = '/start') {
  await person.write(start)
  expect(person.last().text).toBe(botText('chooseLanguage', 'ru'))
  await person.tap('Русский')
  expect(person.last()).toMatchObject({
    text: botText('askContact', 'ru'),
    reply_markup: { keyboard: [[{ text: botText('contactButton', 'ru'), request_contact: true }]] },
  })
  await person.shareContact(`+${phone}`)
  expect(person.last().text).toBe(botText('askName', 'ru'))
  await person.write('Азиз Каримов')
  expect(person.last().text).toBe(botText('askCategory', 'ru'))
}

/** The rest of the conversation, from the categories: the first category and service, Tashkent's first district. */
async function fromCategoriesToTheEnd(person: ReturnType<typeof telegramUser>) {
  const [category] = await categoryNames()
  await person.tap(category!.name)
  await person.tap(person.buttonTexts()[0]!)
  await person.tap(botText('done', 'ru'))
  await person.tap(botText('goOn', 'ru'))
  await person.tap('город Ташкент')
  await person.tap(person.buttonTexts()[0]!)
  await person.tap(botText('done', 'ru'))
}

describe('signing up in the bot', () => {
  it('makes an executor account from the whole conversation, linked to the chat, with no SMS spent', async () => {
    const person = telegramUser(5_001)
    const phone = nextPhone()
    await upToCategories(person, phone)
    const [cleaning] = await categoryNames()
    await person.tap(cleaning!.name)
    expect(person.last().text).toBe(botText('askServices', 'ru').replace('{category}', cleaning!.name))
    expect(person.buttonTexts().at(-1)).toBe(botText('done', 'ru'))
    const [first, second] = person.buttonTexts()
    await person.tap(botText('done', 'ru'))
    expect(person.last().text).toBe(botText('chooseOne', 'ru'))
    await person.tap(first!)
    await person.tap(second!)
    await person.tap(second!) // ticked twice: off again
    // Each tick shows at once on the message's buttons.
    const edits = bot.calls.filter(
      (call) => call.method === 'editMessageReplyMarkup' && call.payload.chat_id === '5001',
    )
    expect(JSON.stringify(edits.at(-1)?.payload)).toContain(`✅ ${first}`)
    const sentBefore = person.sent().length
    await person.tap(botText('done', 'ru'))
    expect(person.sent().length).toBe(sentBefore + 1)
    expect(person.last().text).toBe(botText('askMore', 'ru'))
    await person.tap(botText('goOn', 'ru'))
    expect(person.last().text).toBe(botText('askRegion', 'ru'))
    await person.tap('город Ташкент')
    expect(person.last().text).toBe(botText('askDistricts', 'ru'))
    const [district] = person.buttonTexts()
    await person.tap(district!)
    await person.tap(botText('done', 'ru'))

    const finished = person.last()
    expect(finished.text).toBe(botText('signedUp', 'ru').replace('{name}', 'Азиз'))
    const buttons = finished.reply_markup!.inline_keyboard!.flat()
    expect(buttons).toEqual([
      { text: botText('openApp', 'ru'), url: expect.stringMatching(/\/orders#fikaLogin=[\w-]{43}$/) },
      { text: botText('openMiniApp', 'ru'), web_app: { url: expect.stringMatching(/\/orders$/) } },
    ])
    const user = await userOf(phone)
    expect(user).toMatchObject({
      name: 'Азиз',
      surname: 'Каримов',
      type: 'executor',
      telegram_id: '5001',
      telegram_notifications: true,
    })
    expect(user!.district_ids).toHaveLength(1)
    const lines = (await t.db.db.execute(
      sql`select s.category_id, count(l.*)::int as lines from specialities s join speciality_services l on l.speciality_id = s.id
          where s.user_id = ${user!.id} group by s.category_id`,
    )) as unknown as { rows: { category_id: number; lines: number }[] }
    expect(lines.rows).toEqual([{ category_id: cleaning!.id, lines: 1 }])
    expect(
      bot.calls.some((call) => call.method === 'sendMessage' && String(call.payload.text).includes(phone)),
    ).toBe(false)
    const sms = await t.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` })
    expect(sms.json()).toEqual({ messages: [] })

    // "Open Fika" logs in once.
    const token = new URL(buttons[0]!.url!).hash.slice('#fikaLogin='.length)
    const login = () =>
      t.inject({ method: 'POST', url: `${AUTH_PATH}/telegram/login-link`, payload: { token } })
    const first_login = await login()
    expect(first_login.statusCode).toBe(200)
    expect(first_login.json()).toMatchObject({
      token: expect.any(String),
      profile: { telegram_id: '5001', type: 'executor' },
    })
    expect((await login()).statusCode).toBe(401)
  })

  it("refuses someone else's contact and asks again for the person's own", async () => {
    const person = telegramUser(5_002)
    await person.write('/start')
    await person.tap('Русский')
    await person.shareContact(`+${nextPhone()}`, 6_666)
    expect(person.last()).toMatchObject({
      text: botText('contactNotOwn', 'ru'),
      reply_markup: { keyboard: [[{ request_contact: true }]] },
    })
    await person.write('hello')
    expect(person.last().text).toBe(botText('askContact', 'ru'))
  })

  it('links a phone that has an account only once its SMS code is proved, creating nothing', async () => {
    const existing = await register(t, { type: 'customer' })
    // The registration's own code was sent a moment ago: the next one may go once its wait is over.
    t.clock.advance(61)
    const person = telegramUser(5_003, 'uz')
    await person.write('/start')
    expect(person.last().text).toBe(botText('chooseLanguage', 'oz'))
    await person.tap('English')
    await person.shareContact(existing.phone)
    expect(person.last().text).toBe(botText('askCode', 'en'))
    expect((await userOf(existing.phone))!.telegram_id).toBeNull()
    const code = await lastCode(t, existing.phone)
    await person.write(code === '0000' ? '1111' : '0000')
    expect(person.last().text).not.toBe(botText('linked', 'en'))
    expect((await userOf(existing.phone))!.telegram_id).toBeNull()
    await person.write(code)
    expect(person.last().text).toBe(botText('linked', 'en'))
    expect(await userOf(existing.phone)).toMatchObject({ telegram_id: '5003', type: 'customer' })
    const count = (await t.db.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
      rows: { n: number }[]
    }
    expect(count.rows[0]!.n).toBe(1)
  })

  it('carries the invite code of the deep link to the new account', async () => {
    const inviter = await register(t, { type: 'executor' })
    const { invite_code: code } = (await t.call('GET', '/wallet/bonus', inviter)).json() as {
      invite_code: string
    }
    const person = telegramUser(5_004)
    const phone = nextPhone()
    await upToCategories(person, phone, `/start inv_${code}`)
    await fromCategoriesToTheEnd(person)
    const bonus = (await t.call('GET', '/wallet/bonus', inviter)).json() as { invited: { name: string }[] }
    expect(bonus.invited.map((one) => one.name)).toEqual(['Азиз'])
  })

  it('resumes where the person was after the server restarts, and ignores taps on buttons of earlier steps', async () => {
    const person = telegramUser(5_005)
    const phone = nextPhone()
    await person.write('/start')
    await person.tap('Русский')
    await person.shareContact(`+${phone}`)
    const restarted = await buildApp({
      config: { ...testConfig(config), JWT_SECRET: TEST_SECRET },
      database: t.db,
      realtime: false,
    })
    try {
      await person.write('Азиз Каримов', restarted.inject.bind(restarted) as Inject)
      expect(person.last().text).toBe(botText('askCategory', 'ru'))
      const sentBefore = person.sent().length
      // A stale language button is no answer to the categories.
      await post(
        {
          callback_query: {
            id: 'stale',
            from: { id: 5_005 },
            data: 'lang:en',
            message: { message_id: 1, chat: { id: 5_005, type: 'private' } },
          },
        },
        restarted.inject.bind(restarted) as Inject,
      )
      expect(person.sent().length).toBe(sentBefore)
    } finally {
      await restarted.close()
    }
    expect(await userOf(phone)).toBeUndefined()
  })

  it('greets a linked person on /start with buttons to the app instead of signing them up again', async () => {
    const person = telegramUser(5_006)
    await upToCategories(person, nextPhone())
    await fromCategoriesToTheEnd(person)
    await person.write('/start')
    expect(person.last().text).toBe(botText('welcomeBack', 'ru'))
    expect(person.buttonTexts()).toEqual([botText('openApp', 'ru'), botText('openMiniApp', 'ru')])
    // Its "Open Fika" link lasts ten minutes.
    const link = person.last().reply_markup!.inline_keyboard![0]![0]!.url!
    t.clock.advance(10 * 60 + 1)
    const late = await t.inject({
      method: 'POST',
      url: `${AUTH_PATH}/telegram/login-link`,
      payload: { token: new URL(link).hash.slice('#fikaLogin='.length) },
    })
    expect(late.statusCode).toBe(401)
  })

  it('refuses a login link that is unknown or malformed, in the error shape', async () => {
    const unknown = await t.inject({
      method: 'POST',
      url: `${AUTH_PATH}/telegram/login-link`,
      payload: { token: 'A'.repeat(43) },
    })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json()).toMatchObject({ error: { type: 'auth' } })
    const malformed = await t.inject({
      method: 'POST',
      url: `${AUTH_PATH}/telegram/login-link`,
      payload: { token: 'x' },
    })
    expect(malformed.statusCode).toBe(400)
  })
})
