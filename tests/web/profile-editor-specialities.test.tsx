import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { V1 } from './helpers.tsx'
import { repairCategory } from './catalogue-fixtures.ts'
import { EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const speciality = (overrides: Record<string, unknown> = {}) => ({
  id: 4,
  user_id: 9,
  category: { id: 3, name: 'Мастера по ремонту', slug: 'mastera-po-remontu' },
  active: true,
  services: [
    {
      id: 40,
      service: { id: 30, name: 'Электрика', slug: 'elektrika' },
      price_from: 15_000_000,
      price_to: null,
      active: true,
    },
  ],
  ...overrides,
})
const section = () => screen.findByRole('region', { name: 'Специальности и цены' })

describe('the specialties section', () => {
  it('switches a service off only after the person confirms it', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/speciality/9/all`]: () => ({ json: { collection: [speciality()] } }),
      [`PUT ${V1}/speciality/status/40/speciality`]: () => ({
        json: speciality({ services: [{ ...speciality().services[0], active: false }] }),
      }),
    })
    const user = userEvent.setup()
    const line = await within(await section()).findByRole('switch', { name: 'Электрика' })
    expect((line as HTMLInputElement).checked).toBe(true)
    await user.click(line)
    const dialog = await screen.findByRole('dialog', { name: 'Выключить «Электрика»?' })
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }))
    expect(server.last('PUT', `${V1}/speciality/status/40/speciality`)).toBeUndefined()

    await user.click(line)
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Выключить «Электрика»?' })).getByRole('button', {
        name: 'Выключить',
      }),
    )
    await waitFor(() =>
      expect(server.last('PUT', `${V1}/speciality/status/40/speciality`)?.body).toEqual({ active: false }),
    )
    await waitFor(() =>
      expect(
        (
          within(screen.getByRole('region', { name: 'Специальности и цены' })).getByRole('switch', {
            name: 'Электрика',
          }) as HTMLInputElement
        ).checked,
      ).toBe(false),
    )
  })

  it('switches a whole specialty through the category call, after confirmation', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/speciality/9/all`]: () => ({ json: { collection: [speciality()] } }),
      [`PUT ${V1}/speciality/status/9/4/category`]: () => ({ json: speciality({ active: false }) }),
    })
    const user = userEvent.setup()
    await user.click(
      await within(await section()).findByRole('switch', {
        name: 'Мастера по ремонту: заказчики находят меня по этой специальности',
      }),
    )
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Выключить' }))
    await waitFor(() =>
      expect(server.last('PUT', `${V1}/speciality/status/9/4/category`)?.body).toEqual({ active: false }),
    )
  })

  it("sends the prices typed in so'm as tiyin and refuses an upper price below the lower one", async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/speciality/9/all`]: () => ({ json: { collection: [speciality()] } }),
      [`POST ${V1}/speciality/update/4/one`]: () => ({
        json: speciality({ services: [{ ...speciality().services[0], price_to: 25_000_000 }] }),
      }),
    })
    const user = userEvent.setup()
    const region = await section()
    const from = await within(region).findByLabelText('Электрика: цена от, сум')
    expect((from as HTMLInputElement).value).toBe('150 000')
    const to = within(region).getByLabelText('Электрика: цена до, сум')
    await user.type(to, '250000')
    await user.type(from, '0')
    expect((from as HTMLInputElement).value).toBe('1 500 000')
    expect(within(region).getByText('Цена «до» не может быть ниже цены «от»')).toBeTruthy()
    expect(
      (within(region).getByRole('button', { name: 'Сохранить цены' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    await user.type(from, '{Backspace}')
    expect((from as HTMLInputElement).value).toBe('150 000')
    await user.click(within(region).getByRole('button', { name: 'Сохранить цены' }))
    await within(region).findByText('Сохранено')
    expect(server.last('POST', `${V1}/speciality/update/4/one`)?.body).toEqual({
      services: [{ service: 30, price_from: 15_000_000, price_to: 25_000_000, active: true }],
    })
  })

  it('adds a category with the services ticked, from the catalogue', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/categories`]: () => ({
        json: {
          collection: [{ id: 3, name: 'Мастера по ремонту', slug: 'mastera-po-remontu', subtitle: '' }],
        },
      }),
      [`GET ${V1}/categories/3`]: () => ({ json: repairCategory() }),
      [`POST ${V1}/speciality/9/all`]: () => ({ json: speciality() }),
    })
    const user = userEvent.setup()
    const region = await section()
    await waitFor(() => expect(within(region).getAllByRole('option')).toHaveLength(2))
    await user.selectOptions(within(region).getByLabelText('Категория'), '3')
    await user.click(await within(region).findByLabelText('Электрика: Замена проводки'))
    await user.type(within(region).getByLabelText('Электрика: Замена проводки: цена от, сум'), '50000')
    await user.click(within(region).getByRole('button', { name: 'Добавить специальность' }))
    await waitFor(() =>
      expect(server.last('POST', `${V1}/speciality/9/all`)?.body).toEqual({
        category: 3,
        services: [{ service: 32, price_from: 5_000_000, price_to: null, active: true }],
      }),
    )
    expect(await within(region).findByRole('heading', { name: 'Мастера по ремонту' })).toBeTruthy()
  })
})
