import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { useSession } from '#src/lib/session-store.ts'
import { errorBody, V1 } from './helpers.tsx'
import { CUSTOMER, keptEdits, openEditor, PROFILE_PATH } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

const qr = vi.hoisted(() => ({ drawn: [] as string[] }))

// jsdom draws no SVG paths worth reading: the QR library is replaced by one that records the link it was given.
vi.mock('qr-code-styling', () => ({
  default: class {
    data: string
    constructor(options: { data: string }) {
      this.data = options.data
      qr.drawn.push(options.data)
    }
    append(element: HTMLElement) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
      svg.dataset.qr = this.data
      element.append(svg)
    }
  },
}))

beforeAll(loadProfileEditorCatalog)
beforeEach(() => {
  keptEdits.clear()
  qr.drawn.length = 0
})

const LINK_PATH = `${V1}/profile/telegram/link`
const UNLINK_PATH = `${V1}/profile/telegram`
const botLink = (token: string) => ({
  json: { link: `https://t.me/fika_bot?start=${token}`, expires_at: '2026-11-21T09:15:00.000Z' },
})

const settings = () => screen.findByRole('region', { name: 'Настройки' })

/** What axe finds wrong in `element` (colours aside: jsdom does not compute them). */
const axeViolations = async (element: Element) =>
  (await axe.run(element, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
    (violation) => violation.id,
  )

describe('Telegram in the profile settings', () => {
  it('shows the QR code and the link from the server when the person connects Telegram, and a fresh one on demand', async () => {
    const tokens = ['first-token', 'second-token']
    const { server } = openEditor(CUSTOMER, { [`POST ${LINK_PATH}`]: () => botLink(tokens.shift()!) })
    const user = userEvent.setup()
    const region = await settings()
    expect(within(region).getByText('Telegram не подключён')).toBeTruthy()
    await user.click(within(region).getByRole('button', { name: 'Подключить Telegram' }))

    const open = await within(region).findByRole('link', { name: 'Открыть в Telegram' })
    expect(open.getAttribute('href')).toBe('https://t.me/fika_bot?start=first-token')
    const code = within(region).getByRole('img', { name: 'QR-код ссылки на Telegram-бот' })
    await waitFor(() =>
      expect(code.querySelector('svg')?.dataset.qr).toBe('https://t.me/fika_bot?start=first-token'),
    )
    expect(within(region).getByText('Ссылка срабатывает один раз и действует 15 мин.')).toBeTruthy()
    expect(await axeViolations(region)).toEqual([])

    await user.click(within(region).getByRole('button', { name: 'Получить новую ссылку' }))
    await waitFor(() =>
      expect(within(region).getByRole('link', { name: 'Открыть в Telegram' }).getAttribute('href')).toBe(
        'https://t.me/fika_bot?start=second-token',
      ),
    )
    await waitFor(() =>
      expect(code.querySelector('svg')?.dataset.qr).toBe('https://t.me/fika_bot?start=second-token'),
    )
    expect(server.calls.filter((call) => call.path === LINK_PATH)).toHaveLength(2)
  })

  it('says Telegram is connected once the person has linked it in the bot and checks again', async () => {
    let linkedInBot = false
    openEditor(CUSTOMER, {
      [`POST ${LINK_PATH}`]: () => botLink('token'),
      [`GET ${PROFILE_PATH}`]: () => ({
        json: { ...CUSTOMER, telegram_id: linkedInBot ? '279058397' : null },
      }),
    })
    const user = userEvent.setup()
    const region = await settings()
    await user.click(within(region).getByRole('button', { name: 'Подключить Telegram' }))
    const check = await within(region).findByRole('button', { name: 'Готово, проверить ещё раз' })

    await user.click(check)
    expect(await within(region).findByText(/Telegram ещё не подключён/)).toBeTruthy()

    linkedInBot = true
    await user.click(check)
    expect(await within(region).findByText('Telegram подключён')).toBeTruthy()
    expect(within(region).queryByRole('link', { name: 'Открыть в Telegram' })).toBeNull()
    expect(useSession.getState().profile?.telegram_id).toBe('279058397')
  })

  it('disconnects a linked Telegram only after a confirmation, then shows it unlinked', async () => {
    const linked = { ...CUSTOMER, telegram_id: '279058397' }
    const { server } = openEditor(linked, {
      [`DELETE ${UNLINK_PATH}`]: () => ({ json: { ...linked, telegram_id: null } }),
    })
    const user = userEvent.setup()
    const region = await settings()
    expect(within(region).getByText('Telegram подключён')).toBeTruthy()

    await user.click(within(region).getByRole('button', { name: 'Отключить' }))
    let dialog = await screen.findByRole('dialog', { name: 'Отключить Telegram?' })
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }))
    expect(server.last('DELETE', UNLINK_PATH)).toBeUndefined()
    expect(within(region).getByText('Telegram подключён')).toBeTruthy()

    await user.click(within(region).getByRole('button', { name: 'Отключить' }))
    dialog = await screen.findByRole('dialog', { name: 'Отключить Telegram?' })
    expect(await axeViolations(dialog)).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Отключить' }))
    expect(await within(region).findByRole('button', { name: 'Подключить Telegram' })).toBeTruthy()
    expect(within(region).getByText('Telegram не подключён')).toBeTruthy()
    expect(server.calls.filter((call) => call.method === 'DELETE' && call.path === UNLINK_PATH)).toHaveLength(
      1,
    )
    expect(useSession.getState().profile?.telegram_id).toBeNull()
  })

  it('shows the server’s message when no link can be made, and keeps a link already shown', async () => {
    const answers = [
      botLink('token'),
      {
        status: 404,
        json: errorBody('not_found', 'telegram_unavailable', 'Telegram-бот сейчас недоступен'),
      },
    ]
    openEditor(CUSTOMER, { [`POST ${LINK_PATH}`]: () => answers.shift()! })
    const user = userEvent.setup()
    const region = await settings()
    await user.click(within(region).getByRole('button', { name: 'Подключить Telegram' }))
    await within(region).findByRole('link', { name: 'Открыть в Telegram' })

    await user.click(within(region).getByRole('button', { name: 'Получить новую ссылку' }))
    expect((await within(region).findByRole('alert')).textContent).toBe('Telegram-бот сейчас недоступен')
    expect(within(region).getByRole('link', { name: 'Открыть в Telegram' }).getAttribute('href')).toBe(
      'https://t.me/fika_bot?start=token',
    )
    expect(
      (within(region).getByRole('button', { name: 'Получить новую ссылку' }) as HTMLButtonElement).disabled,
    ).toBe(false)
  })

  it('shows the server’s message when Telegram is not available at all', async () => {
    openEditor(CUSTOMER, {
      [`POST ${LINK_PATH}`]: () => ({
        status: 404,
        json: errorBody('not_found', 'telegram_unavailable', 'Telegram-бот сейчас недоступен'),
      }),
    })
    const user = userEvent.setup()
    const region = await settings()
    await user.click(within(region).getByRole('button', { name: 'Подключить Telegram' }))
    expect((await within(region).findByRole('alert')).textContent).toBe('Telegram-бот сейчас недоступен')
    expect(within(region).getByRole('button', { name: 'Подключить Telegram' })).toBeTruthy()
  })
})
