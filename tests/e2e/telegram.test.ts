import { describe, expect, test } from 'vitest'
import { DEV_BOT_TOKEN } from '#server/modules/telegram/dev-bot-token.ts'
import { signInitData } from '#tests/helpers/fake-telegram.ts'
import { postStartFromLink } from '#tests/helpers/telegram-start.ts'
import {
  apiLogin,
  DEMO_CUSTOMER,
  DEMO_EXECUTOR,
  expectAccessible,
  logInQuietly,
  openPhone,
  useProduct,
} from './helpers.ts'

const SECRET = 'webhook-secret-of-the-browser-tests-0123'
const product = useProduct({ TELEGRAM_WEBHOOK_SECRET: SECRET })
const V1 = '/api/fika/freelancer/v1.0.1'

/** What the bot does with a "Connect Telegram" link opened by the Telegram user `telegramId`: `/start <token>`. */
async function startFromLink(link: string, telegramId: number) {
  expect((await postStartFromLink(product.url, SECRET, link, telegramId)).status).toBe(200)
}

/** Links the demo specialist to a Telegram user as the bot would: the settings' link, then `/start <token>`. */
async function linkDemoSpecialist(telegramId: number) {
  const token = await apiLogin(product.url, DEMO_EXECUTOR, 'executor')
  const headers = { authorization: `Bearer ${token}` }
  const { link } = (await (
    await fetch(`${product.url}${V1}/profile/telegram/link`, { method: 'POST', headers })
  ).json()) as { link: string }
  await startFromLink(link, telegramId)
  // The bot's update is a job: linked once it has run.
  await expect
    .poll(async () => {
      const profile = (await (await fetch(`${product.url}${V1}/profile`, { headers })).json()) as {
        telegram_id: string | null
      }
      return profile.telegram_id
    })
    .toBe(String(telegramId))
}

describe('Telegram', () => {
  test("a linked specialist who opens the Mini App lands logged in on /orders in Telegram's colours, with the launch data gone from the address", async () => {
    await linkDemoSpecialist(424_242)
    const initData = signInitData(DEV_BOT_TOKEN, {
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
      user: JSON.stringify({ id: 424_242, first_name: 'Dilshod', language_code: 'ru' }),
    })
    const { page, problems } = await openPhone(product.browser)
    // Telegram's app around the page, as on Android: it takes the app's calls (docs/decisions/026-telegram.md).
    await page.addInitScript(() => {
      const calls: [string, string][] = []
      Object.assign(window, {
        telegramCalls: calls,
        TelegramWebviewProxy: { postEvent: (...call: [string, string]) => calls.push(call) },
      })
    })
    const night = {
      bg_color: '#17212b',
      text_color: '#f5f5f5',
      secondary_bg_color: '#232e3c',
      link_color: '#6ab3f3',
    }
    await page.goto(
      `${product.url}/#tgWebAppData=${encodeURIComponent(initData)}&tgWebAppVersion=8.0&tgWebAppPlatform=android` +
        `&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(night))}`,
    )
    await page.waitForURL(`${product.url}/orders`)
    expect(page.url()).not.toContain('tgWebAppData')
    // The page takes Telegram's colours, and Telegram is told the app is ready.
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
      .toBe('rgb(23, 33, 43)')
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(245, 245, 245)')
    const calls = await page.evaluate(
      () => (window as unknown as { telegramCalls: [string, string][] }).telegramCalls,
    )
    expect(calls.map(([method]) => method)).toContain('web_app_ready')
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('fika.session') ?? '{}').state?.profile?.telegram_id,
        ),
      )
      .toBe('424242')
    await expectAccessible(page, '/orders opened from the Mini App')
    expect(problems).toEqual([])
  })

  test('Connect Telegram in the settings shows the link and its QR code, sees the link made, and disconnects', async () => {
    const { page, problems } = await openPhone(product.browser)
    await logInQuietly(page, product.url, DEMO_CUSTOMER, 'customer')
    await page.goto(`${product.url}/account#settings`)
    await page.getByText('Telegram не подключён', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Подключить Telegram' }).click()
    const open = page.getByRole('link', { name: 'Открыть в Telegram' })
    await open.waitFor()
    const link = (await open.getAttribute('href'))!
    expect(link).toMatch(/^https:\/\/t\.me\/fika_uz_bot\?start=[A-Za-z0-9_-]{43}$/)
    await page.getByRole('img', { name: 'QR-код ссылки на Telegram-бот' }).locator('svg').first().waitFor()
    await expectAccessible(page, 'the settings with a Telegram link')

    await startFromLink(link, 515_151)
    // The bot's update is a job: until it has run, "check again" says not yet, and the button stays.
    const connected = page.getByText('Telegram подключён', { exact: true })
    await expect
      .poll(
        async () => {
          if (await connected.isVisible()) return true
          await page
            .getByRole('button', { name: 'Готово, проверить ещё раз' })
            .click({ timeout: 1_000 })
            .catch(() => undefined)
          return connected.isVisible()
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    await page.getByRole('button', { name: 'Отключить', exact: true }).click()
    await page
      .getByRole('dialog', { name: 'Отключить Telegram?' })
      .getByRole('button', { name: 'Отключить' })
      .click()
    await page.getByText('Telegram не подключён', { exact: true }).waitFor()
    expect(problems).toEqual([])
  })

  test('a specialist who signs up in the bot opens the app logged in from its last message', async () => {
    const chat = 626_262
    type Shown = {
      messages: { text: string; buttons: { text: string; url?: string; callback_data?: string }[] }[]
    }
    const shown = async () =>
      (await (await fetch(`${product.url}/api/dev/telegram?chat_id=${chat}`)).json()) as Shown
    /** Writes to the dev bot as the Telegram user, then waits for the bot's answer (its update is a job). */
    const act = async (body: Record<string, unknown>) => {
      const before = (await shown()).messages.length
      const posted = await fetch(`${product.url}/api/dev/telegram`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chat, language_code: 'ru', ...body }),
      })
      expect(posted.status).toBe(200)
      await expect
        .poll(async () => (await shown()).messages.length, { timeout: 20_000 })
        .toBeGreaterThan(before)
      return (await shown()).messages.at(-1)!
    }
    /** A tick changes the last message's buttons, not the chat: done once one of them shows it. */
    const tick = async (data: string) => {
      await fetch(`${product.url}/api/dev/telegram`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chat, tap: data }),
      })
      await expect
        .poll(async () =>
          (await shown()).messages.at(-1)!.buttons.some((button) => button.text.startsWith('✅')),
        )
        .toBe(true)
    }
    const firstChoice = (message: Shown['messages'][number], prefix: string) =>
      message.buttons.find((button) => button.callback_data?.startsWith(prefix))!.callback_data!

    await act({ text: '/start' })
    await act({ tap: 'lang:ru' })
    await act({ contact_phone: '998933334455' })
    const categories = await act({ text: 'Дилшод Юсупов' })
    const services = await act({ tap: firstChoice(categories, 'cat:') })
    await tick(firstChoice(services, 'svc:'))
    await act({ tap: 'svc:done' })
    const regions = await act({ tap: 'more:on' })
    const districts = await act({ tap: firstChoice(regions, 'reg:') })
    await tick(firstChoice(districts, 'dst:'))
    const welcome = await act({ tap: 'dst:done' })
    expect(welcome.text).toContain('Дилшод')
    const openApp = welcome.buttons.find((button) => button.url?.includes('#fikaLogin='))!

    const { page, problems } = await openPhone(product.browser)
    await page.goto(`${product.url}${new URL(openApp.url!).pathname}${new URL(openApp.url!).hash}`)
    await page.waitForURL(`${product.url}/orders`)
    expect(page.url()).not.toContain('fikaLogin')
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('fika.session') ?? '{}').state?.profile?.telegram_id,
        ),
      )
      .toBe(String(chat))
    await expectAccessible(page, '/orders opened from the bot after signing up')
    expect(problems).toEqual([])
  })
})
