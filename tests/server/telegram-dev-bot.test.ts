import { describe, expect, it } from 'vitest'
import { TELEGRAM_SECRET_HEADER, TELEGRAM_WEBHOOK_PATH } from '#contract/telegram-endpoints.ts'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const SECRET = 'a-developer-chose-this-webhook-secret'
const t = useTestApp({ config: { TELEGRAM_WEBHOOK_SECRET: SECRET } })

describe('Telegram without a bot token (development)', () => {
  it('links through the dev bot and shows what it would have sent at /api/dev/telegram', async () => {
    const person = await register(t, { type: 'executor' })
    const { link } = (await t.call('POST', '/profile/telegram/link', person)).json() as { link: string }
    expect(link).toMatch(/^https:\/\/t\.me\/fika_uz_bot\?start=/)
    const response = await t.inject({
      method: 'POST',
      url: TELEGRAM_WEBHOOK_PATH,
      headers: { [TELEGRAM_SECRET_HEADER]: SECRET },
      payload: {
        update_id: 1,
        message: {
          text: `/start ${new URL(link).searchParams.get('start')}`,
          chat: { id: 555, type: 'private' },
          from: { id: 555, language_code: 'ru' },
        },
      },
    })
    expect(response.statusCode).toBe(200)
    await jobsSettled(t.db)
    const shown = await t.inject({ method: 'GET', url: '/api/dev/telegram?chat_id=555' })
    expect(shown.json()).toEqual({
      mini_app: expect.stringMatching(/^\/#tgWebAppData=/),
      messages: [
        {
          message_id: expect.any(Number),
          text: botText('linked', 'ru'),
          buttons: [{ text: botText('openApp', 'ru'), url: expect.stringMatching(/\/orders$/) }],
          asks_contact: false,
        },
      ],
    })
    expect((await t.inject({ method: 'GET', url: '/api/dev/telegram?chat_id=abc' })).statusCode).toBe(400)
  })

  it('plays the Telegram user with no secret: a /start written to the dev bot links, and its Mini App link logs in', async () => {
    const person = await register(t, { type: 'customer' })
    const { link } = (await t.call('POST', '/profile/telegram/link', person)).json() as { link: string }
    const written = await t.inject({
      method: 'POST',
      url: '/api/dev/telegram',
      payload: {
        chat_id: 777,
        text: `/start ${new URL(link).searchParams.get('start')}`,
        language_code: 'en',
      },
    })
    expect(written.statusCode).toBe(200)
    await jobsSettled(t.db)
    const shown = (await t.inject({ method: 'GET', url: '/api/dev/telegram?chat_id=777' })).json() as {
      mini_app: string
      messages: { text: string }[]
    }
    expect(shown.messages.map((message) => message.text)).toEqual([botText('linked', 'en')])
    const launch = new URLSearchParams(shown.mini_app.slice('/#'.length)).get('tgWebAppData')!
    const login = await t.inject({
      method: 'POST',
      url: '/api/fika/freelancer/v1.0.1/auth/telegram',
      headers: { authorization: `tma ${launch}` },
    })
    expect(login.statusCode).toBe(200)
    expect(login.json()).toMatchObject({ profile: { telegram_id: '777' } })
  })
})
