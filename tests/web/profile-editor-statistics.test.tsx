import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor, WALLET_PATH, walletWith } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const weeks = Array.from({ length: 12 }, (_, index) => ({
  // Twelve Mondays in a row, as the server answers them.
  week: new Date(Date.UTC(2026, 7, 31 + index * 7)).toISOString().slice(0, 10),
  views: index + 1,
  replies: index % 3,
  chosen: 0,
  completed: index === 11 ? 2 : 0,
  reviews: index === 11 ? 1 : 0,
  rating: index === 11 ? 4.5 : null,
}))

describe('the statistics section', () => {
  it('draws the chosen measure with a text summary and gives every figure in a table', async () => {
    openEditor(EXECUTOR, { [`GET ${V1}/profile/statistics`]: () => ({ json: { weeks } }) })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Статистика' })
    const chart = await within(region).findByRole('img', {
      name: 'Просмотры профиля по неделям: 78 за 12 недель',
    })
    expect(chart.querySelectorAll('rect')).toHaveLength(12)
    const table = within(region).getByRole('table', { name: 'Показатели по неделям' })
    expect(within(table).getAllByRole('row')).toHaveLength(13)
    // On a phone the table scrolls sideways: its scroller is a named region keyboard users can focus and scroll.
    const scroller = within(region).getByRole('region', { name: 'Показатели по неделям' })
    expect(scroller.tabIndex).toBe(0)
    expect(scroller.contains(table)).toBe(true)
    const last = within(table).getAllByRole('row')[12]!
    expect(
      within(last)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '2', '0', '2', '1', '4.5'])
    await user.click(within(region).getByLabelText('Выполнено заказов'))
    expect(
      within(region).getByRole('img', { name: 'Выполнено заказов по неделям: 2 за 12 недель' }),
    ).toBeTruthy()
  })
})

describe('the statistics lock', () => {
  it('without the master plan names it and links to the wallet instead of fetching the figures', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${WALLET_PATH}`]: () => ({ json: walletWith('starter') }),
      [`GET ${V1}/profile/statistics`]: () => ({ json: { weeks } }),
    })
    const region = await screen.findByRole('region', { name: 'Статистика' })
    expect(await within(region).findByText('Доступно с тарифом «Мастер»')).toBeTruthy()
    const link = within(region).getByRole('link', { name: 'Выбрать тариф' })
    expect(link.getAttribute('href')).toBe('/wallet')
    expect(within(region).queryByRole('table')).toBeNull()
    expect(server.calls.some((call) => call.path === `${V1}/profile/statistics`)).toBe(false)
  })

  it('with the master plan shows the chart and the table', async () => {
    openEditor(EXECUTOR, {
      [`GET ${WALLET_PATH}`]: () => ({ json: walletWith('master') }),
      [`GET ${V1}/profile/statistics`]: () => ({ json: { weeks } }),
    })
    const region = await screen.findByRole('region', { name: 'Статистика' })
    expect(await within(region).findByRole('table', { name: 'Показатели по неделям' })).toBeTruthy()
    expect(within(region).queryByText(/Доступно с тарифом/)).toBeNull()
  })

  it('shows the lock the server names when it refuses the figures', async () => {
    openEditor(EXECUTOR, {
      [`GET ${WALLET_PATH}`]: () => ({ status: 500, json: {} }),
      [`GET ${V1}/profile/statistics`]: () => ({
        status: 403,
        json: {
          error: { type: 'forbidden', code: 'plan_required_master', message: 'Доступно с тарифом «Мастер»' },
        },
      }),
    })
    const region = await screen.findByRole('region', { name: 'Статистика' })
    expect(await within(region).findByRole('link', { name: 'Выбрать тариф' })).toBeTruthy()
  })
})
