import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoint.ts'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { verifyInitData } from '#server/modules/telegram/init-data.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { signInitData, startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const bot = await startFakeBotApi()
afterAll(() => bot.close())
const TOKEN = '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx'
const SECRET = 'webhook-secret-of-the-tests-0123456789'
const t = useTestApp({
  config: {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: 'fika_test_bot',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: bot.apiRoot,
  },
})

let updateId = 7_000
/** A private chat's message as Telegram posts it: `/start <payload>` from the Telegram user `from`. */
const startUpdate = (from: number, payload?: string, languageCode = 'ru') => ({
  update_id: ++updateId,
  message: {
    message_id: updateId,
    date: 1_767_225_600,
    text: payload ? `/start ${payload}` : '/start',
    chat: { id: from, type: 'private', first_name: 'Ali' },
    from: { id: from, is_bot: false, first_name: 'Ali', language_code: languageCode },
  },
})
const postUpdate = (update: object, secret: string | null = SECRET) =>
  t.inject({
    method: 'POST',
    url: TELEGRAM_WEBHOOK_PATH,
    headers: secret === null ? {} : { [TELEGRAM_SECRET_HEADER]: secret },
    payload: update,
  })
const profileOf = async (caller: { token: string }) =>
  (await t.call('GET', '/profile', caller)).json() as {
    telegram_id: string | null
    telegram_notifications: boolean
  }

async function linkToken(caller: { token: string }) {
  const response = await t.call('POST', '/profile/telegram/link', caller)
  expect(response.statusCode).toBe(200)
  const { link, expires_at } = response.json() as { link: string; expires_at: string }
  const token = new URL(link).searchParams.get('start')!
  return { link, token, expiresAt: new Date(expires_at) }
}

async function linked(from: number, type: 'customer' | 'executor' = 'executor') {
  const person = await register(t, { type })
  const { token } = await linkToken(person)
  expect((await postUpdate(startUpdate(from, token))).statusCode).toBe(200)
  await jobsSettled(t.db)
  return person
}

describe('the webhook', () => {
  it('refuses an update without the secret or with a wrong one, and does nothing with it', async () => {
    const person = await register(t, { type: 'executor' })
    const { token } = await linkToken(person)
    for (const secret of [null, 'webhook-secret-of-the-tests-0123456780', 'short']) {
      const response = await postUpdate(startUpdate(8_001, token), secret)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ error: { type: 'auth' } })
    }
    await jobsSettled(t.db)
    expect((await profileOf(person)).telegram_id).toBeNull()
    expect(bot.textsTo(8_001)).toEqual([])
  })

  it('handles an update Telegram delivers twice once', async () => {
    const person = await register(t, { type: 'executor' })
    const { token } = await linkToken(person)
    const update = startUpdate(8_002, token)
    expect((await postUpdate(update)).statusCode).toBe(200)
    expect((await postUpdate(update)).statusCode).toBe(200)
    await jobsSettled(t.db)
    expect(bot.textsTo(8_002)).toEqual([botText('linked', 'ru')])
  })

  it('answers a body that is not an update with the error shape, not a 5xx', async () => {
    const response = await postUpdate({ update_id: 'one' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { type: 'validation', code: 'invalid_request' } })
  })
})

describe('Connect Telegram', () => {
  it('links the Telegram user who opens the link, who is told so in their language with a button to the app', async () => {
    const person = await register(t, { type: 'executor' })
    const { link, token, expiresAt } = await linkToken(person)
    expect(link).toMatch(/^https:\/\/t\.me\/fika_test_bot\?start=[A-Za-z0-9_-]{43}$/)
    expect(expiresAt.getTime() - t.clock.now().getTime()).toBe(15 * 60 * 1000)
    await postUpdate(startUpdate(8_101, token, 'uz'))
    await jobsSettled(t.db)
    expect(await profileOf(person)).toMatchObject({ telegram_id: '8101' })
    const [sent] = bot.calls.filter(
      (call) => call.payload.chat_id === 8_101 || call.payload.chat_id === '8101',
    )
    expect(sent?.payload).toMatchObject({
      text: botText('linked', 'oz'),
      reply_markup: {
        inline_keyboard: [[{ text: botText('openApp', 'oz'), url: expect.stringMatching(/\/orders$/) }]],
      },
    })
  })

  it('works once: a link used, expired or unknown links nobody and says how to get a new one', async () => {
    const first = await linked(8_201)
    const second = await register(t, { type: 'customer' })
    const used = await linkToken(second)
    await postUpdate(startUpdate(8_202, used.token))
    await jobsSettled(t.db)
    // The same link again, from another Telegram user.
    await postUpdate(startUpdate(8_203, used.token))
    await postUpdate(startUpdate(8_205, 'A'.repeat(43)))
    await jobsSettled(t.db)
    expect(await profileOf(second)).toMatchObject({ telegram_id: '8202' })
    const expired = await linkToken(first)
    t.clock.advance(15 * 60 + 1)
    await postUpdate(startUpdate(8_204, expired.token))
    await jobsSettled(t.db)
    const holders = (await t.db.db.execute(
      sql`select telegram_id from users where telegram_id is not null order by telegram_id`,
    )) as unknown as { rows: { telegram_id: string }[] }
    expect(holders.rows.map((row) => row.telegram_id)).toEqual(['8201', '8202'])
    for (const chat of [8_203, 8_204, 8_205])
      expect(bot.textsTo(chat)).toEqual([botText('linkInvalid', 'ru')])
  })

  it('answers a plain /start from someone with no account with the sign-up, in their language, linking nothing', async () => {
    await postUpdate(startUpdate(8_301, undefined, 'en'))
    await jobsSettled(t.db)
    expect(bot.textsTo(8_301)).toEqual([botText('chooseLanguage', 'en')])
    const holders = (await t.db.db.execute(
      sql`select count(*)::int as n from users where telegram_id is not null`,
    )) as unknown as { rows: { n: number }[] }
    expect(holders.rows[0]!.n).toBe(0)
  })

  it('moves a Telegram user linked to another account to the one that proved it last', async () => {
    const before = await linked(8_401)
    const after = await linked(8_401, 'customer')
    expect((await profileOf(before)).telegram_id).toBeNull()
    expect((await profileOf(after)).telegram_id).toBe('8401')
  })

  it('is for a logged-in person only, and Disconnect unlinks their own account', async () => {
    expect((await t.call('POST', '/profile/telegram/link', null)).statusCode).toBe(401)
    expect((await t.call('DELETE', '/profile/telegram', null)).statusCode).toBe(401)
    const person = await linked(8_501, 'customer')
    const other = await linked(8_502)
    const response = await t.call('DELETE', '/profile/telegram', person)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ telegram_id: null, telegram_notifications: false })
    expect((await profileOf(person)).telegram_id).toBeNull()
    expect((await profileOf(other)).telegram_id).toBe('8502')
  })
})

describe('the Mini App login', () => {
  const launch = (telegramId: number, authDate = Math.floor(t.clock.now().getTime() / 1000)) =>
    signInitData(TOKEN, {
      auth_date: String(authDate),
      query_id: 'AAE',
      user: JSON.stringify({ id: telegramId, first_name: 'Ali', language_code: 'ru' }),
    })
  const logIn = (authorization?: string, language = 'ru') =>
    t.inject({
      method: 'POST',
      url: `${V1}/auth/telegram`,
      headers: { 'accept-language': language, ...(authorization && { authorization }) },
    })

  it('logs the linked person in with the spec login answer and the refresh cookie', async () => {
    const person = await linked(8_601)
    const response = await logIn(`tma ${launch(8_601)}`)
    expect(response.statusCode).toBe(200)
    const body = response.json() as { token: string; profile: { id: number; telegram_id: string } }
    expect(body.profile).toMatchObject({ telegram_id: '8601' })
    expect(String(response.headers['set-cookie'])).toMatch(/refresh_token=/)
    expect((await t.call('GET', '/profile', { token: body.token })).json()).toMatchObject({
      id: ((await profileOf(person)) as unknown as { id: number }).id,
    })
  })

  it('refuses a changed field, a stale launch, a missing one and another bot’s signature with 401', async () => {
    await linked(8_701)
    const valid = launch(8_701)
    const tampered = valid.replace(encodeURIComponent('"id":8701'), encodeURIComponent('"id":8702'))
    expect(tampered).not.toBe(valid)
    const stale = launch(8_701, Math.floor(t.clock.now().getTime() / 1000) - 3601)
    const otherBot = signInitData('987654321:AAnotherBotTokenForTestsOnly_yyyyyy', {
      auth_date: String(Math.floor(t.clock.now().getTime() / 1000)),
      user: JSON.stringify({ id: 8_701 }),
    })
    for (const authorization of [
      `tma ${tampered}`,
      `tma ${stale}`,
      undefined,
      `Bearer ${valid}`,
      `tma ${otherBot}`,
    ]) {
      const response = await logIn(authorization)
      expect(response.statusCode, String(authorization)).toBe(401)
      expect(response.json()).toMatchObject({ error: { type: 'auth' } })
    }
  })

  it('tells a Telegram user with no account, in their language, that it is not linked', async () => {
    const response = await logIn(`tma ${launch(8_801)}`, 'en')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({
      error: { code: 'telegram_not_linked', message: expect.stringContaining('Connect Telegram') },
    })
  })
})

describe('the bot’s messages', () => {
  it('switches Telegram notifications off when the person blocked the bot (403)', async () => {
    const person = await register(t, { type: 'executor' })
    const id = ((await profileOf(person)) as unknown as { id: number }).id
    expect((await t.call('PUT', `/profile/${id}`, person, { telegram_notifications: true })).statusCode).toBe(
      200,
    )
    const { token } = await linkToken(person)
    bot.refuseNext({ error_code: 403, description: 'Forbidden: bot was blocked by the user' })
    await postUpdate(startUpdate(8_901, token))
    await jobsSettled(t.db)
    expect(await profileOf(person)).toMatchObject({ telegram_id: '8901', telegram_notifications: false })
  })

  it('unlinks the person when Telegram no longer knows the chat (400 chat not found)', async () => {
    bot.refuseNext({ error_code: 400, description: 'Bad Request: chat not found' })
    const person = await linked(8_902)
    expect((await profileOf(person)).telegram_id).toBeNull()
  })

  it('sends again after the wait Telegram asks for (429 retry_after)', async () => {
    bot.refuseNext({
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      parameters: { retry_after: 1 },
    })
    await linked(8_903)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await jobsSettled(t.db)
    const sends = bot.calls.filter((call) => String(call.payload.chat_id) === '8903')
    expect(sends).toHaveLength(2)
    expect(bot.textsTo(8_903)).toEqual([botText('linked', 'ru'), botText('linked', 'ru')])
  })
})

describe('Mini App launch data', () => {
  // The research notes' vector (docs/decisions/026-telegram.md), computed with the algorithm Telegram documents.
  const VECTOR_TOKEN = '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx'
  const VECTOR =
    'auth_date=1767225600&query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Ali%22%7D' +
    '&hash=05ae31a19b40f93ac05aacceca5117a756b4b79b0999573d89c8045d1d9bc39c'
  const at = new Date(1_767_225_600_000 + 60_000)

  it('accepts the published vector, in any field order, and names its Telegram user', () => {
    expect(verifyInitData(VECTOR, VECTOR_TOKEN, at, 3600)).toMatchObject({ telegramId: '42' })
    const shuffled = new URLSearchParams([...new URLSearchParams(VECTOR).entries()].reverse()).toString()
    expect(verifyInitData(shuffled, VECTOR_TOKEN, at, 3600)).toMatchObject({ telegramId: '42' })
  })

  it('refuses it with a field changed, with another token, or older than allowed', () => {
    expect(verifyInitData(VECTOR.replace('AAE', 'AAF'), VECTOR_TOKEN, at, 3600)).toBeUndefined()
    expect(verifyInitData(VECTOR, VECTOR_TOKEN.replace('1', '2'), at, 3600)).toBeUndefined()
    expect(verifyInitData(VECTOR, VECTOR_TOKEN, new Date(at.getTime() + 3600_000), 3600)).toBeUndefined()
    expect(verifyInitData(VECTOR.replace(/&hash=.*/, ''), VECTOR_TOKEN, at, 3600)).toBeUndefined()
  })
})
