import { afterAll, describe, expect, it } from 'vitest'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { startFakeBotApi } from '#tests/helpers/fake-telegram.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import {
  addSpeciality,
  catalogue,
  send,
  someDistricts,
  user,
  type Caller,
} from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { grantPlan } from '#tests/helpers/wallet.ts'

const bot = await startFakeBotApi()
afterAll(() => bot.close())
const SECRET = 'webhook-secret-of-the-tests-0123456789'
const t = useTestApp({
  config: {
    TELEGRAM_BOT_TOKEN: '123456789:AAFakeTokenForTestsOnly_xxxxxxxxxxxx',
    TELEGRAM_WEBHOOK_SECRET: SECRET,
    TELEGRAM_API_ROOT: bot.apiRoot,
  },
  catalogue: true,
})

let updateId = 70_000
async function post(update: object) {
  const response = await t.inject({
    method: 'POST',
    url: TELEGRAM_WEBHOOK_PATH,
    headers: { [TELEGRAM_SECRET_HEADER]: SECRET },
    payload: { update_id: ++updateId, ...update },
  })
  expect(response.statusCode).toBe(200)
  await jobsSettled(t.db)
}

/** A tap of the Telegram user `from` on a button of the bot's, in their private chat. */
const tapAs = (from: { id: number; language_code: string }) => (data: string) =>
  post({
    callback_query: {
      id: `t${updateId}`,
      from,
      data,
      message: { message_id: 1, chat: { id: from.id, type: 'private' } },
    },
  })

type Sent = {
  text: string
  reply_markup?: {
    inline_keyboard: { text: string; callback_data?: string; url?: string; web_app?: { url: string } }[][]
  }
}
const sentTo = (chat: number) =>
  bot.calls
    .filter((call) => call.method === 'sendMessage' && String(call.payload.chat_id) === String(chat))
    .map((call) => call.payload as unknown as Sent)
const buttonsOf = (message: Sent | undefined) => (message?.reply_markup?.inline_keyboard ?? []).flat()

/** A specialist offering the first category's first service in Yunusabad, with the given plan. */
async function specialist(name: string, plan?: 'master' | 'professional') {
  const { first, ofFirst } = await catalogue(t)
  const { yunusabad } = await someDistricts(t)
  const me = await user(t, 'executor')
  const changed = await send(t, 'PUT', `/profile/${me.id}`, me, { name, district_ids: [yunusabad.id] })
  expect(changed.statusCode, changed.body).toBe(200)
  await addSpeciality(t, me, first.id, [{ service: ofFirst[0]!.id, price_from: 15_000_000 }])
  if (plan) await grantPlan(t, me, plan)
  return me
}

describe("the bot's catalogue of professionals", () => {
  it('walks /find from a category to a page of professionals only, each with Profile and Order', async () => {
    const professional: Caller = await specialist('Профи', 'professional')
    await specialist('Мастер', 'master')
    await specialist('Безплана')
    const { first, ofFirst } = await catalogue(t)
    const { region, yunusabad } = await someDistricts(t)
    const chat = 6_101
    const from = { id: chat, language_code: 'ru' }
    const tap = tapAs(from)

    await post({ message: { text: '/find', chat: { id: chat, type: 'private' }, from } })
    expect(sentTo(chat).at(-1)!.text).toBe(botText('findCategory', 'ru'))
    expect(buttonsOf(sentTo(chat).at(-1))).toContainEqual({
      text: first.name.ru,
      callback_data: `f:c:${first.id}`,
    })
    await tap(`f:c:${first.id}`)
    expect(buttonsOf(sentTo(chat).at(-1))).toContainEqual(
      expect.objectContaining({ callback_data: `f:s:${ofFirst[0]!.id}` }),
    )
    await tap(`f:s:${ofFirst[0]!.id}`)
    expect(buttonsOf(sentTo(chat).at(-1))).toContainEqual(
      expect.objectContaining({ callback_data: `f:r:${ofFirst[0]!.id}:${region.id}` }),
    )
    await tap(`f:r:${ofFirst[0]!.id}:${region.id}`)
    const districtTap = `f:d:${ofFirst[0]!.id}:${yunusabad.id}:1`
    expect(buttonsOf(sentTo(chat).at(-1))).toContainEqual(
      expect.objectContaining({ callback_data: districtTap }),
    )
    await tap(districtTap)

    const list = sentTo(chat).at(-1)!
    expect(list.text).toContain('Профи')
    expect(list.text).toContain('150')
    expect(list.text).not.toContain('Мастер')
    expect(list.text).not.toContain('Безплана')
    const profile = await t.call('GET', '/profile', professional)
    const slug = profile.json<{ slug: string }>().slug
    expect(buttonsOf(list)).toEqual([
      {
        text: `${botText('findProfile', 'ru')}: Профи`,
        url: expect.stringMatching(new RegExp(`/profile/${slug}$`)),
      },
      {
        text: botText('findOrder', 'ru'),
        web_app: { url: expect.stringMatching(new RegExp(`/direct/order\\?executor=${professional.id}$`)) },
      },
    ])
  })

  it('says so when no professional offers the service there, and ignores a forged tap', async () => {
    await specialist('Мастер', 'master')
    const { ofFirst } = await catalogue(t)
    const { chilanzar } = await someDistricts(t)
    const chat = 6_102
    const from = { id: chat, language_code: 'en' }
    const tap = tapAs(from)
    await tap(`f:d:${ofFirst[0]!.id}:${chilanzar.id}:1`)
    expect(sentTo(chat).map((message) => message.text)).toEqual([botText('findNone', 'en')])
    await tap('f:d:x:y:1')
    await tap(`f:d:${ofFirst[0]!.id}:${chilanzar.id}:99`)
    expect(sentTo(chat)).toHaveLength(1)
  })

  it('answers an inline query with the professionals the words name, and no one else', async () => {
    await specialist('Профи', 'professional')
    await specialist('Мастер', 'master')
    const { ofFirst } = await catalogue(t)
    const from = { id: 6_103, language_code: 'ru' }
    const serviceWord = ofFirst[0]!.name.ru!.split(' ')[0]!
    await post({ inline_query: { id: 'q1', from, query: `${serviceWord} Юнусабад`, offset: '' } })
    await post({ inline_query: { id: 'q2', from, query: 'Чиланзар', offset: '' } })
    const answers = bot.calls.filter((call) => call.method === 'answerInlineQuery')
    const [first, second] = answers.map(
      (call) =>
        call.payload as { inline_query_id: string; results: { title: string; reply_markup: unknown }[] },
    )
    expect(first!.inline_query_id).toBe('q1')
    expect(first!.results.map((result) => result.title)).toEqual([expect.stringMatching(/^Профи /)])
    expect(JSON.stringify(first!.results[0]!.reply_markup)).toContain('/direct/order?executor=')
    expect(second!.results).toEqual([])
  })
})
