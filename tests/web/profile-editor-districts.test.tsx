import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const REGIONS = {
  collection: [
    {
      id: 1,
      name: 'Ташкент',
      districts: [
        { id: 11, name: 'Чиланзарский район', region_id: 1 },
        { id: 12, name: 'Юнусабадский район', region_id: 1 },
      ],
    },
    { id: 2, name: 'Самаркандская область', districts: [{ id: 21, name: 'Ургут', region_id: 2 }] },
  ],
}

describe('the districts and addresses section', () => {
  it('finds a district typed in Latin among Cyrillic names and saves the chosen ones with the addresses', async () => {
    const { server } = openEditor(
      { ...EXECUTOR, district_ids: [21] },
      {
        [`GET ${V1}/districts`]: () => ({ json: REGIONS }),
        [`PUT ${V1}/profile/9`]: ({ body }) => ({ json: { ...EXECUTOR, ...(body as object) } }),
      },
    )
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Районы и адреса' })
    const chosen = await within(region).findByRole('list', { name: 'Выбранные районы' })
    expect(within(chosen).getByText(/Ургут/)).toBeTruthy()

    await user.type(within(region).getByLabelText('Найти район или город'), 'chilanzar')
    expect(within(region).queryByLabelText('Юнусабадский район')).toBeNull()
    await user.click(within(region).getByLabelText('Чиланзарский район'))
    await user.click(within(region).getByRole('button', { name: 'Добавить адрес' }))
    await user.type(within(region).getByLabelText('Адрес 1'), 'Ташкент, Чиланзар 9')
    await user.click(within(region).getByRole('button', { name: 'Сохранить' }))
    await within(region).findByText('Сохранено')
    expect(server.last('PUT', `${V1}/profile/9`)?.body).toEqual({
      district_ids: [21, 11],
      work_addresses: ['Ташкент, Чиланзар 9'],
    })
  })

  it('offers at most five addresses', async () => {
    openEditor({ ...EXECUTOR, work_addresses: ['a', 'b', 'c', 'd'] })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Районы и адреса' })
    await user.click(within(region).getByRole('button', { name: 'Добавить адрес' }))
    expect(within(region).getByLabelText('Адрес 5')).toBeTruthy()
    expect(within(region).queryByRole('button', { name: 'Добавить адрес' })).toBeNull()
  })
})
