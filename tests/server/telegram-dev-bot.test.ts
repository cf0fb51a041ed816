import { describe, expect, it } from 'vitest'
import {
  TELEGRAM_DEV_PAGE_PATH,
  TELEGRAM_SECRET_HEADER,
  TELEGRAM_WEBHOOK_PATH,
} from '#contract/telegram-endpoints.ts'
import { botText } from '#server/modules/telegram/bot-texts.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const SECRET = 'a-developer-chose-this-webhook-secret'
const escaped = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
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

  it('shows the chat as a page whose forms write, tap and share the contact, with no script', async () => {
    const form = (fields: Record<string, string>) =>
      t.inject({
        method: 'POST',
        url: TELEGRAM_DEV_PAGE_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      })
    const shown = async () => {
      const response = await t.inject({ method: 'GET', url: `${TELEGRAM_DEV_PAGE_PATH}?chat_id=9090` })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toContain('text/html')
      expect(response.headers['content-security-policy']).toContain("default-src 'none'")
      expect(response.body).not.toContain('<script')
      return response.body
    }
    expect(await shown()).toContain('/start')
    const written = await form({ chat_id: '9090', text: '/start' })
    expect(written.statusCode).toBe(303)
    expect(written.headers.location).toBe(`${TELEGRAM_DEV_PAGE_PATH}?chat_id=9090`)
    await jobsSettled(t.db)
    const asked = await shown()
    expect(asked).toContain(escaped(botText('chooseLanguage', 'ru')))
    expect(asked).toContain('name="tap" value="lang:ru"')
    await form({ chat_id: '9090', tap: 'lang:ru' })
    await jobsSettled(t.db)
    expect(await shown()).toContain('name="contact_phone"')
    await form({ chat_id: '9090', contact_phone: '+998 90 111 22 33' })
    await jobsSettled(t.db)
    expect(await shown()).toContain(escaped(botText('askName', 'ru')))
    // A form that is not one of these changes nothing and goes back to the page.
    expect((await form({ chat_id: 'x', text: 'hi' })).statusCode).toBe(303)
  })
})
