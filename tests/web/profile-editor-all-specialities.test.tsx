import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { errorBody, V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const speciality = (id: number, name: string, active: boolean) => ({
  id,
  user_id: 9,
  category: { id: id * 10, name, slug: `category-${id}` },
  active,
  services: [],
})
const repair = (active: boolean) => speciality(4, 'Мастера по ремонту', active)
const tutors = (active: boolean) => speciality(5, 'Репетиторы', active)
const section = () => screen.findByRole('region', { name: 'Специальности и цены' })
const checked = (element: HTMLElement) => (element as HTMLInputElement).checked
const cardSwitch = (region: HTMLElement, name: string) =>
  within(region).getByRole('switch', { name: `${name}: заказчики находят меня по этой специальности` })

describe('the switch for all specialties at once', () => {
  it('pauses every specialty only after confirmation and updates each card from the answer', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/speciality/9/all`]: () => ({ json: { collection: [repair(true), tutors(true)] } }),
      [`PUT ${V1}/speciality/status/9/user`]: () => ({
        json: { collection: [repair(false), tutors(false)] },
      }),
    })
    const user = userEvent.setup()
    const region = await section()
    const all = await within(region).findByRole('switch', { name: 'Принимаю заказы по всем специальностям' })
    expect(checked(all)).toBe(true)

    await user.click(all)
    const dialog = await screen.findByRole('dialog', { name: 'Приостановить все специальности?' })
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }))
    expect(server.last('PUT', `${V1}/speciality/status/9/user`)).toBeUndefined()
    expect(checked(all)).toBe(true)

    await user.click(all)
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Приостановить все специальности?' })).getByRole(
        'button',
        { name: 'Приостановить все' },
      ),
    )
    await waitFor(() => expect(checked(cardSwitch(region, 'Репетиторы'))).toBe(false))
    expect(server.last('PUT', `${V1}/speciality/status/9/user`)?.body).toEqual({ active: false })
    expect(checked(cardSwitch(region, 'Мастера по ремонту'))).toBe(false)
    expect(checked(all)).toBe(false)
  })

  it('is off while one specialty is paused, and switching it on turns every one on', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/speciality/9/all`]: () => ({ json: { collection: [repair(true), tutors(false)] } }),
      [`PUT ${V1}/speciality/status/9/user`]: () => ({ json: { collection: [repair(true), tutors(true)] } }),
    })
    const user = userEvent.setup()
    const region = await section()
    const all = await within(region).findByRole('switch', { name: 'Принимаю заказы по всем специальностям' })
    expect(checked(all)).toBe(false)
    await user.click(all)
    await user.click(
      within(
        await screen.findByRole('dialog', { name: 'Принимать заказы по всем специальностям?' }),
      ).getByRole('button', { name: 'Включить все' }),
    )
    await waitFor(() => expect(checked(cardSwitch(region, 'Репетиторы'))).toBe(true))
    expect(server.last('PUT', `${V1}/speciality/status/9/user`)?.body).toEqual({ active: true })
    expect(checked(all)).toBe(true)
  })

  it("shows the server's refusal and leaves the specialties as they were", async () => {
    openEditor(EXECUTOR, {
      [`GET ${V1}/speciality/9/all`]: () => ({ json: { collection: [repair(true)] } }),
      [`PUT ${V1}/speciality/status/9/user`]: () => ({
        status: 403,
        json: errorBody('forbidden', 'forbidden', 'Недостаточно прав'),
      }),
    })
    const user = userEvent.setup()
    const region = await section()
    await user.click(
      await within(region).findByRole('switch', { name: 'Принимаю заказы по всем специальностям' }),
    )
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Приостановить все' }),
    )
    expect((await within(region).findByRole('alert')).textContent).toBe('Недостаточно прав')
    expect(checked(cardSwitch(region, 'Мастера по ремонту'))).toBe(true)
  })

  it('is not offered before the specialist has a specialty', async () => {
    openEditor(EXECUTOR)
    const region = await section()
    await within(region).findByText('У вас пока нет специальностей: добавьте ниже.')
    expect(within(region).queryByRole('switch')).toBeNull()
  })
})
