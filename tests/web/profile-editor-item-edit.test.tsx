import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadProfileEditorCatalog } from '#src/features/profile-editor/catalog.ts'
import { errorBody, V1 } from './helpers.tsx'
import { EXECUTOR, keptEdits, META, openEditor } from './profile-editor-fixtures.tsx'

vi.mock(
  '#src/features/profile-editor/edit-store.ts',
  async () => (await import('./profile-editor-kept.ts')).editStoreMock,
)

beforeAll(loadProfileEditorCatalog)
beforeEach(() => keptEdits.clear())

const work = { id: 1, title: 'Кухня', description: 'Плитка и свет', photos: [], position: 0 }
const diploma = { id: 8, name: 'Диплом электрика', description: null, files: [], position: 0 }
const portfolio = () => screen.findByRole('region', { name: 'Портфолио' })
const value = (element: HTMLElement) => (element as HTMLInputElement).value

describe('editing a portfolio work or a certificate in place', () => {
  it('opens the work prefilled, saves it with PUT /works/{id} and shows it saved', async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/works`]: () => ({ json: { collection: [work], meta: META } }),
      [`PUT ${V1}/works/1`]: ({ body }) => ({ json: { ...work, ...(body as object) } }),
    })
    const user = userEvent.setup()
    const region = await portfolio()
    await user.click(await within(region).findByRole('button', { name: 'Изменить «Кухня»' }))
    const form = within(region).getByRole('form', { name: 'Изменение «Кухня»' })
    const title = within(form).getByLabelText('Название работы')
    expect(value(title)).toBe('Кухня')
    expect(value(within(form).getByLabelText('Описание'))).toBe('Плитка и свет')
    await waitFor(() => expect(document.activeElement).toBe(title))

    await user.clear(title)
    await user.type(title, 'Кухня под ключ')
    await user.clear(within(form).getByLabelText('Описание'))
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }))

    await within(region).findByRole('heading', { name: 'Кухня под ключ' })
    expect(server.last('PUT', `${V1}/works/1`)?.body).toEqual({ title: 'Кухня под ключ', description: null })
    expect(within(region).queryByRole('form', { name: /Изменение/ })).toBeNull()
    expect(within(region).queryByText('Плитка и свет')).toBeNull()
    const saved = within(region).getByText('Сохранено')
    await waitFor(() => expect(document.activeElement).toBe(saved))
    expect(keptEdits.has('9:works-1')).toBe(false)
  })

  it("shows the server's refusal, keeps the unsaved edit on the device, and Cancel restores the item", async () => {
    const { server } = openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/documents`]: () => ({ json: { collection: [diploma], meta: META } }),
      [`PUT ${V1}/documents/8`]: () => ({
        status: 422,
        json: errorBody('validation', 'name_taken', 'Такой документ уже есть', {
          name: ['Такой документ уже есть'],
        }),
      }),
    })
    const user = userEvent.setup()
    const region = await screen.findByRole('region', { name: 'Сертификаты и дипломы' })
    await user.click(await within(region).findByRole('button', { name: 'Изменить «Диплом электрика»' }))
    const form = within(region).getByRole('form', { name: 'Изменение «Диплом электрика»' })
    const name = within(form).getByLabelText('Название документа')
    await user.type(name, ' ТАТУ')
    await waitFor(() =>
      expect(keptEdits.get('9:documents-8')).toEqual({ title: 'Диплом электрика ТАТУ', description: '' }),
    )
    expect(within(form).getByText('Ещё не сохранено: хранится на этом устройстве')).toBeTruthy()

    await user.click(within(form).getByRole('button', { name: 'Сохранить' }))
    expect((await within(form).findByRole('alert')).textContent).toBe('Такой документ уже есть')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(value(name)).toBe('Диплом электрика ТАТУ')
    expect(server.last('PUT', `${V1}/documents/8`)?.body).toEqual({
      name: 'Диплом электрика ТАТУ',
      description: null,
    })

    await user.click(within(form).getByRole('button', { name: 'Отмена' }))
    await within(region).findByRole('heading', { name: 'Диплом электрика' })
    expect(within(region).queryByRole('form', { name: /Изменение/ })).toBeNull()
    await waitFor(() => expect(keptEdits.has('9:documents-8')).toBe(false))
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(region).getByRole('button', { name: 'Изменить «Диплом электрика»' }),
      ),
    )
  })

  it('brings back an unsaved edit kept on the device when the item is opened again', async () => {
    keptEdits.set('9:works-1', { title: 'Кухня в Чиланзаре', description: 'Плитка и свет' })
    openEditor(EXECUTOR, {
      [`GET ${V1}/profile/9/works`]: () => ({ json: { collection: [work], meta: META } }),
    })
    const user = userEvent.setup()
    const region = await portfolio()
    await user.click(await within(region).findByRole('button', { name: 'Изменить «Кухня»' }))
    const form = within(region).getByRole('form', { name: 'Изменение «Кухня»' })
    await waitFor(() =>
      expect(value(within(form).getByLabelText('Название работы'))).toBe('Кухня в Чиланзаре'),
    )
    expect(within(form).getByText('Несохранённые изменения восстановлены с этого устройства')).toBeTruthy()
  })
})
