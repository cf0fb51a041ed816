import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import axe from 'axe-core'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { V1 } from './helpers.tsx'
import { CUSTOMER, EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const FEED = `${V1}/profile/calendar-feed`
const feedOf = (token: string) => ({
  url: `https://fika.uz/api/calendar/${token}.ics`,
  webcal_url: `webcal://fika.uz/api/calendar/${token}.ics`,
})
/** A server that makes a new address on every POST, as the real one does (the old one stops working). */
function feedServer() {
  let made = 0
  return {
    [`POST ${FEED}`]: () => ({ json: feedOf(`token${++made}`) }),
    [`DELETE ${FEED}`]: () => ({ json: { status: true } }),
  }
}
// The editor's first opening in a file loads its screen's modules: longer than Testing Library's default second.
const card = () =>
  screen.findByRole('group', { name: 'Мои заказы в приложении календаря' }, { timeout: 5000 })
const address = (group: HTMLElement) =>
  within(group).getByLabelText('Ваш личный адрес календаря') as HTMLInputElement

describe('the private calendar feed of a specialist', () => {
  it('shows the new address once, to copy or subscribe to, with where to paste it', async () => {
    const { server } = openEditor(EXECUTOR, feedServer())
    const user = userEvent.setup()
    const group = await card()
    await user.click(within(group).getByRole('button', { name: 'Подключить к моему календарю' }))
    await waitFor(() => expect(address(group).value).toBe('https://fika.uz/api/calendar/token1.ics'))
    expect(server.last('POST', FEED)).toBeTruthy()
    expect(document.activeElement).toBe(address(group))
    expect(within(group).getByRole('link', { name: 'Подписаться' }).getAttribute('href')).toBe(
      'webcal://fika.uz/api/calendar/token1.ics',
    )
    expect(within(group).getByText(/«Добавить по URL»/)).toBeTruthy()
    expect(within(group).getByText(/«Подписаться из Интернета»/)).toBeTruthy()

    await user.click(within(group).getByRole('button', { name: 'Копировать' }))
    expect(await navigator.clipboard.readText()).toBe('https://fika.uz/api/calendar/token1.ics')
    expect(within(group).getByText('Скопировано')).toBeTruthy()

    const result = await axe.run(group, { rules: { 'color-contrast': { enabled: false } } })
    expect(result.violations).toEqual([])
  })

  it('makes a new address only after the specialist confirms the old one stops working', async () => {
    const { server } = openEditor(EXECUTOR, feedServer())
    const user = userEvent.setup()
    const group = await card()
    await user.click(within(group).getByRole('button', { name: 'Подключить к моему календарю' }))
    await waitFor(() => expect(address(group).value).toMatch(/token1/))

    await user.click(within(group).getByRole('button', { name: 'Сбросить адрес' }))
    const dialog = await screen.findByRole('dialog', { name: 'Создать новый адрес?' })
    expect(within(dialog).getByText(/Старый адрес сразу перестанет работать/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }))
    expect(server.calls.filter((call) => call.method === 'POST' && call.path === FEED)).toHaveLength(1)

    await user.click(within(group).getByRole('button', { name: 'Сбросить адрес' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Создать новый адрес' }),
    )
    await waitFor(() => expect(address(group).value).toBe('https://fika.uz/api/calendar/token2.ics'))
    expect(server.calls.filter((call) => call.method === 'POST' && call.path === FEED)).toHaveLength(2)
  })

  it('turns the feed off, hiding the address and saying it no longer works', async () => {
    const { server } = openEditor(EXECUTOR, feedServer())
    const user = userEvent.setup()
    const group = await card()
    await user.click(within(group).getByRole('button', { name: 'Подключить к моему календарю' }))
    await waitFor(() => expect(address(group).value).toMatch(/token1/))
    await user.click(within(group).getByRole('button', { name: 'Отключить' }))
    expect(await within(group).findByText('Календарь отключён: его адрес больше не работает.')).toBeTruthy()
    expect(server.last('DELETE', FEED)).toBeTruthy()
    expect(within(group).queryByLabelText('Ваш личный адрес календаря')).toBeNull()
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(group).getByRole('button', { name: 'Подключить к моему календарю' }),
      ),
    )
  })

  it('is not offered to a customer', async () => {
    openEditor(CUSTOMER, feedServer())
    await screen.findByRole('region', { name: 'Уведомления' })
    expect(screen.queryByRole('group', { name: 'Мои заказы в приложении календаря' })).toBeNull()
  })
})
